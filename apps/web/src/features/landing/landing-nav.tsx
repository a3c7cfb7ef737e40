import { useState } from "react";
import { Link } from "wouter";
import { FileStack, Menu, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { usePublicContact } from "@/lib/api/settings";
import { scrollToSection } from "./hooks";
import { LANDING_SECTIONS } from "./lib/landing-logic";

type Section = (typeof LANDING_SECTIONS)[number];
type NavLinksProps = { sections: Section[]; go: (id: string) => void };

/** The sticky header: section links on wide screens, a toggled menu on narrow ones. */
export function LandingNav() {
  const [open, setOpen] = useState(false);
  // The Demo section exists only once a demo video is published; its link goes with it.
  const hasDemo = Boolean(usePublicContact().data?.demoVideoUrl);
  const sections = LANDING_SECTIONS.filter((section) => section.id !== "demo" || hasDemo);
  const go = (id: string) => {
    setOpen(false);
    scrollToSection(id);
  };
  return (
    <header className="sticky top-0 z-50 border-b bg-background/90 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3 sm:px-6"
      >
        <button
          type="button"
          onClick={() => go("hero")}
          className="flex items-center gap-2 text-lg font-bold"
          aria-label="Quire, back to top"
        >
          <FileStack className="size-6 text-primary" aria-hidden="true" />
          Quire
        </button>
        <DesktopLinks sections={sections} go={go} />
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={open ? "Close menu" : "Open menu"}
          aria-expanded={open}
          aria-controls="landing-mobile-menu"
          onClick={() => setOpen((value) => !value)}
          data-testid="button-mobile-menu"
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </nav>
      {open && <MobileMenu sections={sections} go={go} />}
    </header>
  );
}

function DesktopLinks({ sections, go }: NavLinksProps) {
  return (
    <ul className="hidden items-center gap-1 md:flex">
      {sections.map((section) => (
        <li key={section.id}>
          <Button variant="ghost" size="sm" onClick={() => go(section.id)} data-testid={`nav-${section.id}`}>
            {section.label}
          </Button>
        </li>
      ))}
      <li>
        <Button size="sm" onClick={() => go("contact")} data-testid="nav-contact">
          Contact Us
        </Button>
      </li>
      <li>
        <Button asChild size="sm" variant="outline" data-testid="link-sign-in">
          <Link href={paths.login.getHref()}>Sign in</Link>
        </Button>
      </li>
    </ul>
  );
}

function MobileMenu({ sections, go }: NavLinksProps) {
  return (
    <ul id="landing-mobile-menu" className="space-y-1 border-t px-4 py-3 md:hidden" data-testid="mobile-menu">
      {sections.map((section) => (
        <li key={section.id}>
          <Button variant="ghost" className="w-full justify-start" onClick={() => go(section.id)}>
            {section.label}
          </Button>
        </li>
      ))}
      <li>
        <Button className="w-full" onClick={() => go("contact")}>
          Contact Us
        </Button>
      </li>
      <li>
        <Button asChild variant="outline" className="w-full">
          <Link href={paths.login.getHref()}>Sign in</Link>
        </Button>
      </li>
    </ul>
  );
}
