import { useTranslation } from "react-i18next";
import { isUiLanguage, uiLanguages } from "@quire/contracts/ui-languages";
import { Languages } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useSaveLanguage } from "@/lib/api/language";
import { currentLanguage, i18n } from "@/lib/i18n";
import "../locale";

/**
 * Settings › Account › Language: the interface's language for this user, on every device. The
 * interface switches as soon as the server has kept the choice; each language is named in itself.
 */
export function LanguageCard() {
  const { t } = useTranslation(["settings", "common"]);
  const save = useSaveLanguage();
  const shown = save.isPending && save.variables ? save.variables : currentLanguage();

  const onChange = (value: string) => {
    if (!isUiLanguage(value) || value === currentLanguage()) return;
    save.mutate(value, {
      // In the language just chosen: this render's `t` still speaks the one it replaced.
      onSuccess: () => {
        const saidIn = i18n.getFixedT(value, ["settings", "common"]);
        toast({
          title: saidIn("language.saved"),
          description: saidIn("language.savedDescription", {
            language: saidIn(`common:languages.${value}`),
          }),
        });
      },
      onError: (error) =>
        toast({ variant: "destructive", title: t("language.saveFailed"), description: errorMessage(error) }),
    });
  };

  return (
    <Card data-testid="card-language">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Languages className="size-5 text-primary" aria-hidden="true" />
          {t("language.title")}
        </CardTitle>
        <CardDescription>{t("language.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        <Label id="language-select-label">{t("language.label")}</Label>
        <Select value={shown} onValueChange={onChange} disabled={save.isPending}>
          <SelectTrigger
            aria-labelledby="language-select-label"
            className="w-full sm:w-64"
            data-testid="select-language"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {uiLanguages.map((language) => (
              <SelectItem
                key={language}
                value={language}
                lang={language}
                data-testid={`option-language-${language}`}
              >
                {t(`common:languages.${language}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardContent>
    </Card>
  );
}
