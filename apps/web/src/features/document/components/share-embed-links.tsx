import { Check, Copy, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { useCopyLink } from "../hooks/use-copy-link";
import { i18n } from "@/lib/i18n";
import "../locale";

/** `label` is shown; `spoken` names it in its buttons ("Copy API link", never "Copy api"). */
export type ShareLink = { key: string; label: string; spoken: string; href: string };

/** Seed §2 Share & Embed: /document/{id}, short /doc/{id}, /document/{id}?v={version}, API /api/documents/{id}. */
export function shareLinks(origin: string, documentId: string, version: number): ShareLink[] {
  return [
    {
      key: "document",
      label: i18n.t("document:share.document"),
      spoken: i18n.t("document:share.documentSpoken"),
      href: `${origin}${paths.document.getHref(documentId)}`,
    },
    {
      key: "short",
      label: i18n.t("document:share.short"),
      spoken: i18n.t("document:share.shortSpoken"),
      href: `${origin}${paths.doc.getHref(documentId)}`,
    },
    {
      key: "version",
      label: i18n.t("document:share.version", { version }),
      spoken: i18n.t("document:share.versionSpoken", { version }),
      href: `${origin}${paths.document.getHref(documentId, { version })}`,
    },
    {
      key: "api",
      label: i18n.t("document:share.api"),
      spoken: i18n.t("document:share.apiSpoken"),
      href: `${origin}/api/documents/${encodeURIComponent(documentId)}`,
    },
  ];
}

/** Read-only links, each with a copy button and an open-in-new-tab button. */
export function ShareEmbedLinks({
  documentId,
  version,
  idPrefix,
}: {
  documentId: string;
  version: number;
  /** Keeps input ids unique when the links show twice (side panel and Share dialog). */
  idPrefix: string;
}) {
  const { t } = useTranslation("document");
  const { copied, copy } = useCopyLink();
  return (
    <ul className="grid gap-3">
      {shareLinks(window.location.origin, documentId, version).map((link) => {
        const inputId = `${idPrefix}-${link.key}`;
        return (
          <li key={link.key} className="grid gap-1">
            <label htmlFor={inputId} className="text-xs font-medium text-muted-foreground">
              {link.label}
            </label>
            <div className="flex gap-1">
              <Input
                id={inputId}
                readOnly
                value={link.href}
                onFocus={(e) => e.currentTarget.select()}
                className="h-8 font-mono text-xs"
                data-testid={`input-share-${link.key}`}
              />
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-8"
                aria-label={t("share.copy", { what: link.spoken })}
                onClick={() => void copy(link.key, link.href)}
                data-testid={`button-copy-${link.key}`}
              >
                {copied === link.key ? <Check className="text-green-600" /> : <Copy />}
              </Button>
              <Button asChild variant="outline" size="icon" className="size-8">
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("share.open", { what: link.spoken })}
                  data-testid={`link-open-${link.key}`}
                >
                  <ExternalLink />
                </a>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
