import type { ComponentProps } from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { useTranslation } from "react-i18next";
import type { DocumentStatus } from "@quire/contracts";
import { cn } from "@/lib/utils";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none [&>svg]:pointer-events-none [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        destructive: "border-transparent bg-destructive text-destructive-foreground",
        outline: "text-foreground",
        muted: "border-transparent bg-muted text-muted-foreground",
        accent: "border-transparent bg-accent text-accent-foreground",
        warning:
          "border-yellow-500/40 bg-yellow-100 text-yellow-900 dark:border-yellow-400/30 dark:bg-yellow-400/15 dark:text-yellow-200",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>["variant"]>;

export function Badge({
  className,
  variant,
  asChild = false,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/**
 * Seed §4 badge styling of a document status: Draft muted, In Review yellow, Approved accent,
 * Rejected and Changes Requested destructive. Unknown values fall back to outline.
 */
export function statusBadgeVariant(status: string): BadgeVariant {
  switch (status) {
    case "Draft":
      return "muted";
    case "In Review":
      return "warning";
    case "Approved":
      return "accent";
    case "Rejected":
    case "Changes Requested":
      return "destructive";
    default:
      return "outline";
  }
}

/** A document status shown with the seed's styling. */
export function StatusBadge({
  status,
  className,
  ...props
}: Omit<ComponentProps<"span">, "children"> & { status: string }) {
  return (
    <Badge data-slot="status-badge" variant={statusBadgeVariant(status)} className={className} {...props}>
      <StatusName status={status} />
    </Badge>
  );
}

/** A status in the interface's language; a status this release does not know, as the server sent it. */
function StatusName({ status }: { status: string }) {
  const { t, i18n } = useTranslation();
  // Checked against the catalogue, not the contracts' list of statuses, which the first load lacks.
  return i18n.exists(`common:status.${status}`) ? t(`status.${status as DocumentStatus}`) : status;
}
