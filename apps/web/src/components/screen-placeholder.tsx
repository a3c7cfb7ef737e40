import type { ReactNode } from "react";
import { Construction } from "lucide-react";
import { PageHeader } from "./page-header";

/**
 * An honest stand-in for a screen whose work has not landed yet: the seed's heading and a line
 * saying which work brings the screen. It shows no invented data.
 */
export function ScreenPlaceholder({
  title,
  description,
  arrivesWith,
  testId,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  arrivesWith: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-6" data-testid={testId}>
      <PageHeader title={title} description={description} />
      <div className="flex items-start gap-3 rounded-lg border border-dashed p-6 text-muted-foreground">
        <Construction className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>This screen arrives with {arrivesWith}.</p>
      </div>
      {children}
    </div>
  );
}
