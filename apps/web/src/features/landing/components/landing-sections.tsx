import type { LucideIcon } from "lucide-react";
import {
  Brain,
  CheckCircle2,
  GitCompare,
  HeartPulse,
  Landmark,
  PlayCircle,
  Radio,
  Scale,
  Search,
  ShieldCheck,
  Sparkles,
  Tags,
  XCircle,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FadeInSection, SectionHeading } from "./fade-in-section";
import { scrollToSection } from "../hooks";
import { usePublicContact } from "@/lib/api/settings";
import { MARKET_FIGURES } from "../lib/landing-content";

export function ProblemSolution() {
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
        <ListCard
          title="The problem"
          items={problems}
          icon={XCircle}
          iconClassName="text-red-600 dark:text-red-400"
        />
        <ListCard
          title="The solution"
          items={solutions}
          icon={CheckCircle2}
          iconClassName="text-green-600 dark:text-green-400"
        />
      </div>
    </FadeInSection>
  );
}

export function Transformation() {
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

export function Partnership() {
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

export function Features() {
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

export function Industries() {
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

export function Demo() {
  const videoUrl = usePublicContact().data?.demoVideoUrl;
  // A section with nothing to show is left out rather than shown as an empty heading.
  if (!videoUrl) return null;
  return (
    <FadeInSection id="demo" labelledBy="demo-title">
      <SectionHeading
        id="demo-title"
        title="See it in action"
        lead="A short walk-through of upload, search and approval."
      />
      {/* Only a video the organisation published; none is invented while it is unset. */}
      <div className="text-center">
        <Button asChild size="lg" variant="outline" data-testid="link-demo-video">
          <a href={videoUrl} target="_blank" rel="noopener noreferrer">
            <PlayCircle aria-hidden="true" />
            Watch the demo video
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    </FadeInSection>
  );
}

export function Market() {
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

/** A titled card listing items, each behind the same icon (the problem/solution pair). */
function ListCard(props: { title: string; items: string[]; icon: LucideIcon; iconClassName: string }) {
  const Icon = props.icon;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {props.items.map((item) => (
            <li key={item} className="flex gap-2">
              <Icon className={`mt-0.5 size-5 shrink-0 ${props.iconClassName}`} aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
