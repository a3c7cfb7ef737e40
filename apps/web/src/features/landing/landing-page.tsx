import { Link } from "wouter";
import { ArrowUp, Building2, ChevronDown, Mail, Sparkles, Workflow } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { usePublicContact } from "@/lib/api/settings";
import { useUser } from "@/lib/auth";
import { FadeInSection, SectionHeading } from "./components/fade-in-section";
import { WaitlistForm } from "./components/waitlist-form";
import { LandingNav } from "./landing-nav";
import { scrollToSection, scrollToTop, useScrolledPast, useTypedText } from "./hooks";
import { CONTACTS } from "./lib/landing-content";

import {
  ProblemSolution,
  Transformation,
  Partnership,
  Features,
  Industries,
  Demo,
  Market,
} from "./components/landing-sections";
const HEADLINE = "Your documents, organised by AI";

/** Seed §2 Landing page: public, outside the shared layout. */
export function LandingPage() {
  const scrolledPast = useScrolledPast();
  return (
    <div className="min-h-screen bg-background text-foreground" data-testid="landing-page">
      <LandingNav />
      <main>
        <Hero scrolledPast={scrolledPast} />
        <MvpShowcase />
        <ProblemSolution />
        <Transformation />
        <Partnership />
        <Features />
        <Industries />
        <Demo />
        <Market />
        <Waitlist />
        <Contact />
      </main>
      <Footer />
      {scrolledPast && (
        <Button
          size="icon"
          className="fixed right-6 bottom-6 z-40 size-11 rounded-full shadow-lg"
          onClick={scrollToTop}
          aria-label="Scroll to top"
          data-testid="button-scroll-top"
        >
          <ArrowUp aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

function Hero({ scrolledPast }: { scrolledPast: boolean }) {
  const typed = useTypedText(HEADLINE);
  return (
    <section
      id="hero"
      aria-labelledby="hero-title"
      className="relative scroll-mt-20 bg-gradient-to-b from-primary/10 to-background px-4 pt-20 pb-24 text-center sm:px-6"
    >
      <div className="mx-auto max-w-4xl space-y-6">
        <p className="inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm text-muted-foreground">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          AI-assisted document archive
        </p>
        <h1
          id="hero-title"
          className="min-h-[2.5em] text-4xl font-bold tracking-tight sm:min-h-[1.25em] sm:text-6xl"
        >
          <span className="sr-only">{HEADLINE}</span>
          <span aria-hidden="true" data-testid="text-typed-headline">
            {typed}
            <span className="ml-0.5 inline-block w-[2px] animate-pulse bg-primary motion-reduce:hidden">
              &nbsp;
            </span>
          </span>
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
          Quire keeps every version, files each document in the right category, answers questions with cited
          sources, and takes documents through review and approval.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" data-testid="button-view-mvp">
            <Link href={paths.home.getHref(true)}>View Our MVP</Link>
          </Button>
          <Button size="lg" variant="outline" onClick={() => scrollToSection("waitlist")}>
            Join the Waitlist
          </Button>
        </div>
      </div>
      {!scrolledPast && (
        <button
          type="button"
          onClick={() => scrollToSection("mvp-showcase")}
          className="absolute bottom-4 left-1/2 -translate-x-1/2 animate-bounce text-muted-foreground motion-reduce:animate-none"
          aria-label="Scroll to the MVP"
          data-testid="scroll-indicator"
        >
          <ChevronDown className="size-6" aria-hidden="true" />
        </button>
      )}
    </section>
  );
}

function MvpShowcase() {
  return (
    <FadeInSection id="mvp-showcase" labelledBy="mvp-title">
      <SectionHeading
        id="mvp-title"
        title="The MVP is live"
        lead="Upload, search, compare versions and approve, all in one workspace."
      />
      <figure className="mx-auto max-w-4xl overflow-hidden rounded-xl border bg-card shadow-xl">
        <div className="flex items-center gap-1.5 border-b bg-muted/50 px-4 py-2" aria-hidden="true">
          <span className="size-3 rounded-full bg-red-400" />
          <span className="size-3 rounded-full bg-yellow-400" />
          <span className="size-3 rounded-full bg-green-400" />
        </div>
        <div className="grid gap-4 p-6 sm:grid-cols-[10rem_1fr]" aria-hidden="true">
          <div className="hidden space-y-2 sm:block">
            {["Home", "Dashboard", "All Documents", "Approvals", "Search"].map((item) => (
              <div key={item} className="rounded bg-muted px-2 py-1 text-xs text-muted-foreground">
                {item}
              </div>
            ))}
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            {["Engineering", "Finance", "Legal"].map((name) => (
              <div key={name} className="rounded-lg border p-3 text-left">
                <p className="text-sm font-medium">{name}</p>
                <div className="mt-2 h-2 rounded-full bg-primary/30" />
              </div>
            ))}
            <div className="rounded-lg border p-3 text-left sm:col-span-3">
              <p className="text-sm font-medium">AI Assistant</p>
              <p className="text-xs text-muted-foreground">
                "What are our security policies?" — answered with sources [1] [2]
              </p>
            </div>
          </div>
        </div>
        <figcaption className="border-t px-4 py-3 text-center text-sm text-muted-foreground">
          A sketch of the Quire dashboard
        </figcaption>
      </figure>
      <div className="mt-8 text-center">
        <Button asChild size="lg" data-testid="button-explore-mvp">
          <Link href={paths.home.getHref(true)}>Explore the MVP Now</Link>
        </Button>
      </div>
    </FadeInSection>
  );
}

function Waitlist() {
  return (
    <FadeInSection id="waitlist" labelledBy="waitlist-title">
      <SectionHeading
        id="waitlist-title"
        title="Join the waitlist"
        lead="Be first to bring Quire to your organisation."
      />
      <WaitlistForm />
    </FadeInSection>
  );
}

function Contact() {
  const published = usePublicContact().data;
  const contacts = CONTACTS.flatMap((c) => {
    const email = published?.[c.field];
    return email ? [{ ...c, email }] : [];
  });
  return (
    <FadeInSection id="contact" labelledBy="contact-title" className="bg-muted/30">
      <SectionHeading id="contact-title" title="Contact us" />
      {published && contacts.length === 0 && (
        <div className="space-y-4 text-center">
          <p className="text-muted-foreground" data-testid="text-contact-waitlist">
            Join the waitlist above and we will write to you.
          </p>
          {/* The contact route while no address is published: it does what it says. */}
          <Button
            variant="outline"
            onClick={() => scrollToSection("waitlist")}
            data-testid="button-contact-waitlist"
          >
            Join the waitlist
          </Button>
        </div>
      )}
      {contacts.length > 0 && (
        <div className="grid gap-6 md:grid-cols-3">
          {contacts.map((contact) => (
            <Card key={contact.team} data-testid={`contact-${contact.team.toLowerCase()}`}>
              <CardHeader>
                <Building2 className="size-7 text-primary" aria-hidden="true" />
                <CardTitle>{contact.team}</CardTitle>
                <CardDescription>{contact.description}</CardDescription>
              </CardHeader>
              <CardContent>
                <a
                  href={`mailto:${contact.email}`}
                  className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline"
                >
                  <Mail className="size-4" aria-hidden="true" />
                  {contact.email}
                </a>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </FadeInSection>
  );
}

/**
 * The API documentation sits behind sign-in like the rest of the API, so its link shows only to a
 * signed-in visitor; anyone else would land on a bare "Authentication required" answer.
 */
export function Footer() {
  const { data: user } = useUser();
  const signedIn = Boolean(user && !user.mustChangePassword);
  return (
    <footer className="border-t px-4 py-8 text-sm text-muted-foreground sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4">
        <p className="flex items-center gap-2">
          <Workflow className="size-4" aria-hidden="true" />© {new Date().getFullYear()} Quire. All rights
          reserved.
        </p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link href={paths.login.getHref()} className="hover:underline">
            Sign in
          </Link>
          {signedIn && (
            <a href="/api/docs" className="hover:underline" data-testid="link-api-docs">
              API documentation
            </a>
          )}
        </nav>
      </div>
    </footer>
  );
}
