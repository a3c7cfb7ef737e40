import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * One fact of a document's card or search result, inside a `<dl>`: the term is for screen readers,
 * the icon for the eye.
 */
export function Fact({
  label,
  icon: Icon,
  testId,
  children,
}: {
  label: string;
  icon?: LucideIcon;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-1">
      <dt className="sr-only">{label}</dt>
      {Icon && <Icon className="size-3.5" aria-hidden="true" />}
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
