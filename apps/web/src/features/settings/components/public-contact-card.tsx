import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { PublicContact } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useUpdateSettings } from "@/lib/api/settings";
import "../locale";

/** The fields in order; each is labelled by `publicContact.<key>`. */
const fields: ReadonlyArray<{ key: keyof PublicContact; type: "email" | "url" }> = [
  { key: "salesEmail", type: "email" },
  { key: "supportEmail", type: "email" },
  { key: "partnershipsEmail", type: "email" },
  { key: "demoVideoUrl", type: "url" },
];

/** Admin only: what the public landing page shows under Contact and Demo (left out while empty). */
export function PublicContactCard({ contact }: { contact: PublicContact }) {
  const [draft, setDraft] = useState(contact);
  const update = useUpdateSettings();
  const { t } = useTranslation("settings");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { publicContact: draft },
      {
        onSuccess: () => toast({ title: t("saved"), description: t("publicContact.saved") }),
        onError: (error) =>
          toast({ variant: "destructive", title: t("saveFailed"), description: errorMessage(error) }),
      },
    );
  };

  return (
    <Card data-testid="card-public-contact">
      <CardHeader>
        <CardTitle>{t("publicContact.title")}</CardTitle>
        <CardDescription>{t("publicContact.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit}>
          {fields.map((field) => (
            <div className="space-y-2" key={field.key}>
              <Label htmlFor={`public-${field.key}`}>{t(`publicContact.${field.key}`)}</Label>
              <Input
                id={`public-${field.key}`}
                type={field.type}
                data-testid={`input-public-${field.key}`}
                value={draft[field.key]}
                onChange={(e) => setDraft({ ...draft, [field.key]: e.target.value })}
              />
            </div>
          ))}
          <Button type="submit" disabled={update.isPending} data-testid="button-save-public-contact">
            {update.isPending ? t("saving") : t("publicContact.save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
