import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { KeyRound } from "lucide-react";
import { z } from "zod";
import { changePasswordBodySchema, type User } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useLogout, useSetPassword } from "@/lib/auth";
import "../locale";

/** The request's schema plus the repeated password, which must match. */
const setPasswordFormSchema = changePasswordBodySchema
  .extend({ repeat: z.string() })
  .refine((form) => form.repeat === form.newPassword, {
    path: ["repeat"],
    message: "The two new passwords differ.",
  });
type SetPasswordForm = z.infer<typeof setPasswordFormSchema>;

/**
 * After signing in with the one-time password an Admin handed out, a new password comes first:
 * the server refuses everything else until then.
 */
export function SetNewPassword({ user }: { user: User }) {
  const { t } = useTranslation("auth");
  const { form, setPassword, next, mismatch, onSubmit } = useSetPasswordForm();
  const logout = useLogout();

  return (
    <main className="flex min-h-screen flex-col items-center justify-center p-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-xl font-semibold">
            <KeyRound className="size-5 text-primary" aria-hidden="true" />
            {t("setPassword.title")}
          </h1>
          <CardDescription>{t("setPassword.intro", { name: user.username })}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="space-y-4" onSubmit={onSubmit} data-testid="form-set-password">
            <PasswordFields register={form.register} mismatch={mismatch} />
            {setPassword.isError && <ErrorNotice error={setPassword.error} className="text-sm" />}
            <Button
              type="submit"
              className="w-full"
              disabled={setPassword.isPending || mismatch || next.length < 8}
              data-testid="button-set-password"
            >
              {setPassword.isPending ? t("setPassword.saving") : t("setPassword.submit")}
            </Button>
            <Button type="button" variant="ghost" className="w-full" onClick={() => logout.mutate()}>
              {t("setPassword.signOut")}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}

function useSetPasswordForm() {
  const setPassword = useSetPassword();
  const form = useForm<SetPasswordForm>({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", repeat: "" },
  });
  // Shown while typing, not only on submit, as the button's state is.
  const [next, repeat] = useWatch({ control: form.control, name: ["newPassword", "repeat"] });
  const mismatch = repeat !== "" && next !== repeat;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    setPassword.mutate({ currentPassword, newPassword }),
  );
  return { form, setPassword, next, mismatch, onSubmit };
}

function PasswordFields({
  register,
  mismatch,
}: {
  register: UseFormRegister<SetPasswordForm>;
  mismatch: boolean;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor="current-password">{t("setPassword.current")}</Label>
        <Input
          id="current-password"
          type="password"
          autoComplete="current-password"
          required
          {...register("currentPassword")}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="new-password">{t("setPassword.next")}</Label>
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
          {...register("newPassword")}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="repeat-password">{t("setPassword.repeat")}</Label>
        <Input
          id="repeat-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={mismatch}
          required
          {...register("repeat")}
        />
        {mismatch && <p className="text-sm text-destructive">{t("setPassword.differ")}</p>}
      </div>
    </>
  );
}
