import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { AlertCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";

export function NotFoundPage() {
  const { t } = useTranslation("shell");
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md" data-testid="not-found-page">
        <CardContent className="space-y-4">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{t("notFound.text")}</p>
          <Button asChild variant="outline">
            <Link href={paths.home.getHref()}>{t("notFound.home")}</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
