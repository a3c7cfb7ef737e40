import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ShieldAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useUser } from "@/lib/auth";
import { forbiddenMessage } from "@/lib/forbidden";
import "./locale";

/**
 * Shown in place of a page whose purpose the signed-in role cannot carry out (e.g. /upload for a
 * Viewer). Inside a page that has its own title (a section of Settings) the notice is a second-level
 * heading, and `action` offers a way on that fits the page.
 */
export function NotAllowed({
  doing,
  headingLevel = 1,
  action,
}: {
  doing: string;
  headingLevel?: 1 | 2;
  action?: ReactNode;
}) {
  const { data: user } = useUser();
  const { t } = useTranslation("shared");
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <Card className="mx-auto max-w-lg" data-testid="not-allowed">
      <CardContent className="space-y-4">
        <div className="flex items-center gap-2">
          <ShieldAlert className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
          <Heading className="text-xl font-semibold">{t("errors.notAllowed")}</Heading>
        </div>
        <p className="text-muted-foreground" data-testid="text-not-allowed">
          {forbiddenMessage(user?.role, doing)} {t("errors.askAdmin")}
        </p>
        {action ?? (
          <Button asChild variant="outline">
            <Link href={paths.documents.getHref()}>{t("errors.browseDocuments")}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
