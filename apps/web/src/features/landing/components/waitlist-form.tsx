import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { CheckCircle2 } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { useJoinWaitlist } from "@/features/landing/api/waitlist";
import { acceptsWaitlistEmail } from "../lib/landing-logic";

/** Seed §5 waitlist: accepted only with an @; the address is stored once on the server. */
export function WaitlistForm() {
  const [email, setEmail] = useState("");
  const join = useJoinWaitlist();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!acceptsWaitlistEmail(email) || join.isPending) return;
    join.mutate(email);
  };

  if (join.isSuccess) {
    return (
      <div className="space-y-4 text-center" data-testid="waitlist-success" role="status">
        <p className="flex items-center justify-center gap-2 text-lg font-medium">
          <CheckCircle2 className="size-6 text-green-600 dark:text-green-400" aria-hidden="true" />
          Thank you for joining the waitlist! We'll be in touch soon.
        </p>
        <Button asChild size="lg" data-testid="button-access-mvp">
          <Link href={paths.home.getHref(true)}>Access Our MVP</Link>
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      className="mx-auto flex max-w-lg flex-col gap-3 sm:flex-row"
      data-testid="form-waitlist"
    >
      <Input
        type="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder="Enter your work email"
        aria-label="Work email"
        autoComplete="email"
        className="h-11"
        data-testid="input-waitlist-email"
      />
      <Button type="submit" size="lg" disabled={join.isPending} data-testid="button-join-waitlist">
        {join.isPending ? "Joining…" : "Join Waitlist"}
      </Button>
      {join.isError && (
        <ErrorNotice
          error={join.error}
          fallback="We could not add you to the waitlist. Please try again."
          className="text-sm sm:basis-full"
        />
      )}
    </form>
  );
}
