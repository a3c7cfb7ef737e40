import { useTranslation } from "react-i18next";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import "./locale";

/**
 * A failed read or write said where its result would have been: the server's own reason when it
 * gave one (a 403 names the role, a 409 what changed), else the fallback; announced to screen readers.
 */
export function ErrorNotice({
  error,
  fallback,
  className,
}: {
  error: unknown;
  fallback?: string;
  className?: string;
}) {
  const { t } = useTranslation("shared");
  return (
    <p role="alert" className={cn("text-destructive", className)}>
      {errorMessage(error, fallback ?? t("errors.generic"))}
    </p>
  );
}
