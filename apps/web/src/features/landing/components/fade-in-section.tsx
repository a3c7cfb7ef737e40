import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { useInView } from "../hooks";

/** A page section that fades in when it scrolls into view. */
export function FadeInSection({
  id,
  className,
  labelledBy,
  children,
}: {
  id: string;
  className?: string;
  labelledBy: string;
  children: ReactNode;
}) {
  const [ref, inView] = useInView<HTMLElement>();
  return (
    <section
      id={id}
      ref={ref}
      aria-labelledby={labelledBy}
      data-testid={`section-${id}`}
      className={cn(
        "scroll-mt-20 px-4 py-16 transition-all duration-700 motion-reduce:transition-none sm:px-6 sm:py-20",
        inView ? "translate-y-0 opacity-100" : "translate-y-6 opacity-0",
        className,
      )}
    >
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  );
}

export function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-3xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-3 text-lg text-muted-foreground">{lead}</p>}
    </div>
  );
}
