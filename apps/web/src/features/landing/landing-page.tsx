import { useState } from "react";
import { Link } from "wouter";
import {
  ArrowUp,
  Brain,
  Building2,
  CheckCircle2,
  ChevronDown,
  FileStack,
  GitCompare,
  HeartPulse,
  Landmark,
  Mail,
  Menu,
  PlayCircle,
  Radio,
  Scale,
  Search,
  ShieldCheck,
  Sparkles,
  Tags,
  Workflow,
  X,
  XCircle,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { FadeInSection, SectionHeading } from "./components/fade-in-section";
import { WaitlistForm } from "./components/waitlist-form";
import { scrollToSection, scrollToTop, useScrolledPast, useTypedText } from "./hooks";
import { CONTACTS, DEMO_VIDEO_URL, MARKET_FIGURES } from "./lib/landing-content";
import { LANDING_SECTIONS } from "./lib/landing-logic";

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

function LandingNav() {
  const [open, setOpen] = useState(false);
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
        <ul className="hidden items-center gap-1 md:flex">
          {LANDING_SECTIONS.map((section) => (
            <li key={section.id}>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => go(section.id)}
                data-testid={`nav-${section.id}`}
              >
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
      {open && (
        <ul
          id="landing-mobile-menu"
          className="space-y-1 border-t px-4 py-3 md:hidden"
          data-testid="mobile-menu"
        >
          {LANDING_SECTIONS.map((section) => (
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
      )}
    </header>
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

function ProblemSolution() {
  const problems = [
    "Documents scattered across drives, inboxes and chat",
    "No one knows which version is current",
    "Approvals tracked by e-mail and memory",
    "Compliance evidence gathered by hand",
  ];
  const solutions = [
    "One archive with every version kept",
    "Automatic categorisation and tags",
    "Review and approval workflows with an audit trail",
    "Answers with citations to the exact passage",
  ];
  return (
    <FadeInSection id="problem" labelledBy="problem-title" className="bg-muted/30">
      <SectionHeading id="problem-title" title="The problem, and how Quire solves it" />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>The problem</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-3">
              {problems.map((item) => (
                <li key={item} className="flex gap-2">
                  <XCircle
                    className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400"
                    aria-hidden="true"
                  />
                  {item}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>The solution</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-3">
              {solutions.map((item) => (
                <li key={item} className="flex gap-2">
                  <CheckCircle2
                    className="mt-0.5 size-5 shrink-0 text-green-600 dark:text-green-400"
                    aria-hidden="true"
                  />
                  {item}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </FadeInSection>
  );
}

function Transformation() {
  const cards = [
    {
      icon: Tags,
      title: "From filing to understanding",
      text: "95% categorisation accuracy: documents land in the right category with keyphrase tags.",
    },
    {
      icon: ShieldCheck,
      title: "From audits to assurance",
      text: "80% faster compliance: risk notes, missing owners and personal data flagged as documents change.",
    },
    {
      icon: Search,
      title: "From searching to answers",
      text: "Ask in plain words and get an answer that cites the passages it came from.",
    },
  ];
  return (
    <FadeInSection id="transformation" labelledBy="transformation-title">
      <SectionHeading id="transformation-title" title="How AI transforms document work" />
      <div className="grid gap-6 md:grid-cols-3">
        {cards.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader>
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <CardTitle>{title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-muted-foreground">{text}</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </FadeInSection>
  );
}

function Partnership() {
  return (
    <FadeInSection id="partnership" labelledBy="partnership-title" className="bg-muted/30">
      <SectionHeading
        id="partnership-title"
        title="Built in partnership with the teams who use it"
        lead="We work with early customers on their real archives: their policies, contracts and procedures shape what Quire does next."
      />
      <div className="text-center">
        <Button variant="outline" onClick={() => scrollToSection("contact")}>
          Talk to Partnerships
        </Button>
      </div>
    </FadeInSection>
  );
}

function Features() {
  const features = [
    {
      icon: Brain,
      title: "Smart categorisation",
      text: "A classifier that learns from your archive suggests the category and tags.",
    },
    {
      icon: Sparkles,
      title: "AI summaries",
      text: "Key points, risk level and suggested actions for every version.",
    },
    {
      icon: GitCompare,
      title: "Version comparison",
      text: "A real line and word diff with an analysis of what changed.",
    },
    {
      icon: Radio,
      title: "Real-time collaboration",
      text: "Documents, approvals and notifications update live on every open page.",
    },
  ];
  return (
    <FadeInSection id="features" labelledBy="features-title">
      <SectionHeading id="features-title" title="AI features" />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader>
              <Icon className="size-7 text-primary" aria-hidden="true" />
              <CardTitle className="text-lg">{title}</CardTitle>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </FadeInSection>
  );
}

function Industries() {
  const industries = [
    {
      icon: Landmark,
      title: "Financial services",
      text: "Policies, procedures and audit evidence with approvals on record.",
    },
    {
      icon: HeartPulse,
      title: "Healthcare",
      text: "Clinical guidelines and SOPs, versioned and reviewed on schedule.",
    },
    { icon: Scale, title: "Legal", text: "Contracts and templates compared clause by clause." },
  ];
  return (
    <FadeInSection id="industries" labelledBy="industries-title" className="bg-muted/30">
      <SectionHeading id="industries-title" title="Made for regulated industries" />
      <div className="grid gap-6 md:grid-cols-3">
        {industries.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader>
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <CardTitle>{title}</CardTitle>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </FadeInSection>
  );
}

function Demo() {
  return (
    <FadeInSection id="demo" labelledBy="demo-title">
      <SectionHeading
        id="demo-title"
        title="See it in action"
        lead="A short walk-through of upload, search and approval."
      />
      <div className="text-center">
        <Button asChild size="lg" variant="outline" data-testid="link-demo-video">
          <a href={DEMO_VIDEO_URL} target="_blank" rel="noopener noreferrer">
            <PlayCircle aria-hidden="true" />
            Watch the demo video
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    </FadeInSection>
  );
}

function Market() {
  return (
    <FadeInSection id="market" labelledBy="market-title" className="bg-muted/30">
      <SectionHeading id="market-title" title="A growing market" />
      <div className="grid gap-6 md:grid-cols-3">
        {MARKET_FIGURES.map((figure) => (
          <Card key={figure.size}>
            <CardContent className="pt-6 text-center">
              <p className="text-sm text-muted-foreground">{figure.label}</p>
              <p className="mt-2 text-4xl font-bold text-primary">${figure.size}</p>
              <p className="mt-1 text-sm">{figure.growth} annual growth</p>
            </CardContent>
          </Card>
        ))}
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
  return (
    <FadeInSection id="contact" labelledBy="contact-title" className="bg-muted/30">
      <SectionHeading id="contact-title" title="Contact us" />
      <div className="grid gap-6 md:grid-cols-3">
        {CONTACTS.map((contact) => (
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
    </FadeInSection>
  );
}

function Footer() {
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
          <a href="/api/docs" className="hover:underline">
            API documentation
          </a>
        </nav>
      </div>
    </footer>
  );
}
