import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useCategorySigning, usePutCategorySigning } from "../api/category-signing";
import { SettingSwitch } from "./setting-switch";

/** The category's signing rule: decisions there are signed only after the signer enters their password again. */
export function CategorySigningSwitch({ categoryId }: { categoryId: string }) {
  const signing = useCategorySigning(categoryId);
  const save = usePutCategorySigning(categoryId);
  return (
    <SettingSwitch
      label="Signing requires password re-entry"
      description="Reviewers and approvers enter their password again to sign each decision in this category."
      checked={signing.data?.requiresPassword ?? false}
      disabled={!signing.data || save.isPending}
      onCheckedChange={(requiresPassword) =>
        save.mutate(requiresPassword, {
          onSuccess: () =>
            toast({
              title: "Signing rule saved",
              description: requiresPassword
                ? "Decisions in this category now need the password to sign."
                : "Decisions in this category are signed with the session.",
            }),
          onError: (error) =>
            toast({
              variant: "destructive",
              title: "Signing rule not saved",
              description: errorMessage(error),
            }),
        })
      }
      testId="switch-signing-password"
    />
  );
}
