import { useState } from "react";
import { Sparkles } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import type { Document } from "@quire/contracts";
import { CategorySelect } from "@/components/documents/category-select";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useConfirmFiling } from "../api/confirm-filing";
import "../locale";

/**
 * A document uploaded without a category was filed by Quire: whoever may change it (the server's
 * abilities) confirms the category with one click, or chooses another, and the banner goes.
 */
export function AutoFiledBanner({ document }: { document: Document }) {
  const { t } = useTranslation("document");
  const confirm = useConfirmFiling(document.id);
  const [changing, setChanging] = useState(false);
  const [choice, setChoice] = useState("");
  if (!document.autoFiled || !document.abilities.update) return null;

  const settle = (categoryId?: string) =>
    confirm.mutate(categoryId, {
      onSuccess: (settled) => {
        setChanging(false);
        toast({
          title: t("autoFiled.confirmed"),
          description: t("autoFiled.filedIn", { title: settled.title, category: settled.category.name }),
        });
      },
      onError: (err) =>
        toast({ variant: "destructive", title: t("autoFiled.notConfirmed"), description: errorMessage(err) }),
    });

  return (
    <section
      aria-label={t("autoFiled.label")}
      className="grid gap-3 rounded-lg border border-primary/40 bg-accent/40 p-4 text-sm"
      data-testid="banner-auto-filed"
    >
      <p className="flex min-w-0 items-start gap-2">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 break-words" data-testid="text-auto-filed">
          <Trans
            t={t}
            i18nKey="autoFiled.text"
            values={{ category: document.category.name }}
            components={{ strong: <strong /> }}
          />
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          disabled={confirm.isPending}
          onClick={() => settle()}
          data-testid="button-confirm-filing"
        >
          {t("autoFiled.confirm")}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={confirm.isPending}
          aria-expanded={changing}
          onClick={() => setChanging((open) => !open)}
          data-testid="button-change-filing"
        >
          {t("autoFiled.change")}
        </Button>
      </div>
      {changing && (
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto]">
          <CategorySelect
            id="auto-filed-category"
            testId="select-auto-filed-category"
            label={t("autoFiled.newCategory")}
            value={choice}
            onChange={setChoice}
            disabled={confirm.isPending}
          />
          <Button
            type="button"
            size="sm"
            disabled={confirm.isPending || !choice}
            aria-describedby={choice ? undefined : "auto-filed-choose"}
            onClick={() => settle(choice)}
            data-testid="button-save-filing"
          >
            {t("autoFiled.move")}
          </Button>
          {!choice && (
            <p id="auto-filed-choose" className="text-xs text-muted-foreground sm:col-span-2">
              {t("autoFiled.choose")}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
