import { Link } from "wouter";
import { FileStack } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

export function LandingPage() {
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b px-6 py-4">
        <Link href={paths.landing.getHref()} className="flex items-center gap-2 text-lg font-bold">
          <FileStack className="size-6 text-primary" aria-hidden="true" />
          Quire
        </Link>
        <Button asChild variant="outline">
          <Link href={paths.login.getHref()}>Sign in</Link>
        </Button>
      </header>
      <main className="mx-auto max-w-2xl space-y-6 px-6 py-16 text-center">
        <h1 className="text-4xl font-bold tracking-tight">Quire</h1>
        <p className="text-lg text-muted-foreground">
          An AI-assisted document archive with versioning and approval workflows.
        </p>
        <p className="text-muted-foreground">This screen arrives with the landing page work.</p>
        <Button asChild size="lg">
          <Link href={paths.home.getHref(true)}>View Our MVP</Link>
        </Button>
      </main>
    </div>
  );
}
