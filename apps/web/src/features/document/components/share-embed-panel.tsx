import type { Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useTranslation } from "react-i18next";
import { ShareEmbedLinks } from "./share-embed-links";
import "../locale";

/** The side panel's Share & Embed card: the links, and "Who has access" for those who may share. */
export function ShareEmbedPanel({
  document,
  onShowAccess,
}: {
  document: Document;
  onShowAccess: () => void;
}) {
  const { t } = useTranslation("document");
  return (
    <Card className="gap-3 py-4" data-testid="panel-share-embed">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{t("share.title")}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <ShareEmbedLinks
          documentId={document.id}
          version={document.currentVersionNumber}
          idPrefix="share-panel"
        />
        {document.abilities.share && (
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={onShowAccess}
            data-testid="button-who-has-access"
          >
            {t("access.who")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
