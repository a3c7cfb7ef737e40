import { useState, type FormEvent } from "react";
import type { PublicContact } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useUpdateSettings } from "@/lib/api/settings";

const fields: ReadonlyArray<{ key: keyof PublicContact; label: string; type: "email" | "url" }> = [
  { key: "salesEmail", label: "Sales e-mail", type: "email" },
  { key: "supportEmail", label: "Support e-mail", type: "email" },
  { key: "partnershipsEmail", label: "Partnerships e-mail", type: "email" },
  { key: "demoVideoUrl", label: "Demo video address", type: "url" },
];

/** Admin only: what the public landing page shows under Contact and Demo (left out while empty). */
export function PublicContactCard({ contact }: { contact: PublicContact }) {
  const [draft, setDraft] = useState(contact);
  const update = useUpdateSettings();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { publicContact: draft },
      {
        onSuccess: () =>
          toast({ title: "Settings saved", description: "The landing page shows the new contact details." }),
        onError: (error) =>
          toast({ variant: "destructive", title: "Save failed", description: errorMessage(error) }),
      },
    );
  };

  return (
    <Card data-testid="card-public-contact">
      <CardHeader>
        <CardTitle>Public Contact</CardTitle>
        <CardDescription>
          Shown on the landing page. Leave a field empty to leave its card or link out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit}>
          {fields.map((field) => (
            <div className="space-y-2" key={field.key}>
              <Label htmlFor={`public-${field.key}`}>{field.label}</Label>
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
            {update.isPending ? "Saving..." : "Save Contact Details"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
