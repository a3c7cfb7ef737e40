import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Settings } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useUpdateSettings } from "@/lib/api/settings";
import "../locale";

type Organization = Settings["organization"];

/** Organization Profile: saved on the server by an Admin, read-only for everyone else. */
export function OrganizationCard({
  organization,
  canEdit,
}: {
  organization: Organization;
  canEdit: boolean;
}) {
  const { t } = useTranslation("settings");
  const [draft, setDraft] = useState(organization);
  const update = useUpdateSettings();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { organization: draft },
      {
        onSuccess: () => toast({ title: t("saved"), description: t("organization.saved") }),
        onError: (error) =>
          toast({ variant: "destructive", title: t("saveFailed"), description: errorMessage(error) }),
      },
    );
  };

  return (
    <Card data-testid="card-organization">
      <CardHeader>
        <CardTitle>{t("organization.title")}</CardTitle>
        <CardDescription>
          {canEdit ? t("organization.description") : t("organization.readOnly")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit}>
          <OrganizationFields draft={draft} canEdit={canEdit} onChange={setDraft} />
          {canEdit && (
            <Button type="submit" disabled={update.isPending} data-testid="button-save-organization">
              {update.isPending ? t("saving") : t("organization.save")}
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

function OrganizationFields({
  draft,
  canEdit,
  onChange,
}: {
  draft: Organization;
  canEdit: boolean;
  onChange: (next: Organization) => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor="org-name">{t("organization.name")}</Label>
        <Input
          id="org-name"
          data-testid="input-org-name"
          value={draft.name}
          readOnly={!canEdit}
          onChange={(e) => onChange({ ...draft, name: e.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="org-domain">{t("organization.domain")}</Label>
        <Input
          id="org-domain"
          data-testid="input-org-domain"
          value={draft.domain}
          readOnly={!canEdit}
          onChange={(e) => onChange({ ...draft, domain: e.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="org-description">{t("organization.descriptionLabel")}</Label>
        <Textarea
          id="org-description"
          data-testid="input-org-description"
          value={draft.description}
          readOnly={!canEdit}
          onChange={(e) => onChange({ ...draft, description: e.target.value })}
        />
      </div>
    </>
  );
}
