import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A list with nothing to show: an icon, what happened, and what to do next (`children`). */
export function EmptyState({
  icon: Icon,
  title,
  description,
  testId,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center"
      data-testid={testId}
    >
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-muted-foreground">{description}</p>
      {children}
    </div>
  );
}
