import { useTranslation } from "react-i18next";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useCategorySigning, usePutCategorySigning } from "../api/category-signing";
import { SettingSwitch } from "./setting-switch";
import "../locale";

/** The category's signing rule: decisions there are signed only after the signer enters their password again. */
export function CategorySigningSwitch({ categoryId }: { categoryId: string }) {
  const signing = useCategorySigning(categoryId);
  const save = usePutCategorySigning(categoryId);
  const { t } = useTranslation("settings");
  return (
    <SettingSwitch
      label={t("signing.label")}
      description={t("signing.description")}
      checked={signing.data?.requiresPassword ?? false}
      disabled={!signing.data || save.isPending}
      onCheckedChange={(requiresPassword) =>
        save.mutate(requiresPassword, {
          onSuccess: () =>
            toast({
              title: t("signing.saved"),
              description: requiresPassword ? t("signing.withPassword") : t("signing.withSession"),
            }),
          onError: (error) =>
            toast({
              variant: "destructive",
              title: t("signing.notSaved"),
              description: errorMessage(error),
            }),
        })
      }
      testId="switch-signing-password"
    />
  );
}
