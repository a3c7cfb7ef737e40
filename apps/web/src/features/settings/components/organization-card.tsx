import { useState, type FormEvent } from "react";
import type { Settings } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useUpdateSettings } from "@/lib/api/settings";

type Organization = Settings["organization"];

/** Organization Profile: saved on the server by an Admin, read-only for everyone else. */
export function OrganizationCard({
  organization,
  canEdit,
}: {
  organization: Organization;
  canEdit: boolean;
}) {
  const [draft, setDraft] = useState(organization);
  const update = useUpdateSettings();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { organization: draft },
      {
        onSuccess: () =>
          toast({ title: "Settings saved", description: "The organization profile has been updated." }),
        onError: (error) =>
          toast({ variant: "destructive", title: "Save failed", description: errorMessage(error) }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization Profile</CardTitle>
        <CardDescription>
          {canEdit
            ? "Name, domain and description of your organization."
            : "Only an Admin can change the organization profile."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit}>
          <OrganizationFields draft={draft} canEdit={canEdit} onChange={setDraft} />
          {canEdit && (
            <Button type="submit" disabled={update.isPending} data-testid="button-save-organization">
              {update.isPending ? "Saving..." : "Save Changes"}
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
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor="org-name">Organization Name</Label>
        <Input
          id="org-name"
          data-testid="input-org-name"
          value={draft.name}
          readOnly={!canEdit}
          onChange={(e) => onChange({ ...draft, name: e.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="org-domain">Domain</Label>
        <Input
          id="org-domain"
          data-testid="input-org-domain"
          value={draft.domain}
          readOnly={!canEdit}
          onChange={(e) => onChange({ ...draft, domain: e.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="org-description">Description</Label>
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
