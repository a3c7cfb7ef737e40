import { useState } from "react";
import { useTranslation } from "react-i18next";
import { documentLanguages, type DocumentLanguage } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useOcrLanguages, useSaveOcrLanguages } from "../api/ocr-languages";
import "@/components/locale";
import "../locale";

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((code) => b.includes(code));

/** The checkboxes and Save, once the stored choice is known (it is the form's starting point). */
function LanguagesForm({ saved }: { saved: DocumentLanguage[] }) {
  const [chosen, setChosen] = useState<DocumentLanguage[]>(saved);
  const save = useSaveOcrLanguages();
  const { t } = useTranslation(["settings", "shared"]);
  const toggle = (code: DocumentLanguage, on: boolean) =>
    // Kept in the list's order, so what is saved reads the same as what is shown.
    setChosen((now) => documentLanguages.filter((l) => (l === code ? on : now.includes(l))));
  const onSave = () =>
    save.mutate(chosen, {
      onSuccess: () => toast({ title: t("ocr.saved") }),
      onError: (error) =>
        toast({ variant: "destructive", title: t("ocr.notSaved"), description: errorMessage(error) }),
    });
  const empty = chosen.length === 0;
  return (
    <div className="space-y-3">
      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="ocr-languages">
        <legend className="sr-only">{t("ocr.languages")}</legend>
        {documentLanguages.map((code) => (
          <div key={code} className="flex items-center gap-2">
            <Checkbox
              id={`ocr-language-${code}`}
              checked={chosen.includes(code)}
              onCheckedChange={(value) => toggle(code, value === true)}
              data-testid={`checkbox-ocr-language-${code}`}
            />
            <Label htmlFor={`ocr-language-${code}`}>{t(`shared:documentLanguages.${code}`)}</Label>
          </div>
        ))}
      </fieldset>
      {empty && (
        <p className="text-sm text-destructive" role="alert" data-testid="text-ocr-languages-empty">
          {t("ocr.chooseOne")}
        </p>
      )}
      <Button
        size="sm"
        onClick={onSave}
        disabled={empty || save.isPending || sameSet(chosen, saved)}
        data-testid="button-save-ocr-languages"
      >
        {t("ocr.save")}
      </Button>
    </div>
  );
}

/**
 * Settings › Ingestion (Admin): the languages Tesseract reads scanned pages in. Each document's
 * language is detected from its text either way; search reads its words in every chosen language.
 */
export function OcrLanguagesCard() {
  const languages = useOcrLanguages();
  const { t } = useTranslation("settings");
  return (
    <Card data-testid="card-ocr-languages">
      <CardHeader>
        <CardTitle>{t("ocr.title")}</CardTitle>
        <CardDescription>{t("ocr.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {languages.isPending ? (
          <Skeleton className="h-16" />
        ) : languages.isError ? (
          <ErrorNotice error={languages.error} fallback={t("ocr.loadFailed")} />
        ) : (
          <LanguagesForm key={languages.data.languages.join("+")} saved={languages.data.languages} />
        )}
      </CardContent>
    </Card>
  );
}
