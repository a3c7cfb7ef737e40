import { useState, type FormEvent } from "react";
import type { ApiToken } from "@quire/contracts";
import { KeyRound, Trash2 } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "../api/api-tokens";

/**
 * Settings › API Tokens (everyone, for themselves): the personal access tokens the REST API
 * (/api/docs) and `npm run quire -- backup` ask for. Without this card nobody could get one but
 * by hand-crafting a request. The secret is shown once, when it is made.
 */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);

  return (
    <Card data-testid="card-api-tokens">
      <CardHeader>
        <CardTitle>API Tokens</CardTitle>
        <CardDescription>
          Personal access tokens act as you in the REST API (see /api/docs) and the command line. Revoke one
          you no longer use.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <NewTokenForm onCreated={setSecret} />
        {secret && <NewSecret name={secret.name} token={secret.token} onDone={() => setSecret(null)} />}
        {tokens.isPending && <Skeleton className="h-16" />}
        {tokens.isError && <ErrorNotice error={tokens.error} />}
        {tokens.data?.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="text-no-tokens">
            No tokens yet.
          </p>
        )}
        <ul className="divide-y">
          {tokens.data?.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function NewTokenForm({ onCreated }: { onCreated: (secret: { name: string; token: string }) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          setName("");
          onCreated({ name: created.name, token: created.token });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <Label htmlFor="input-token-name">Token name</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="input-token-name"
          className="min-w-0 flex-1"
          value={name}
          maxLength={100}
          placeholder="e.g. Nightly backup"
          onChange={(e) => setName(e.target.value)}
          data-testid="input-token-name"
        />
        <Button
          type="submit"
          size="sm"
          disabled={create.isPending || name.trim() === ""}
          data-testid="button-create-token"
        >
          <KeyRound aria-hidden="true" />
          {create.isPending ? "Creating..." : "Create Token"}
        </Button>
      </div>
      {create.isError && <ErrorNotice error={create.error} className="text-sm" />}
    </form>
  );
}

function NewSecret({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const copy = () =>
    navigator.clipboard.writeText(token).then(
      () => toast({ title: "Token copied", description: `Keep "${name}" somewhere safe.` }),
      () =>
        toast({ variant: "destructive", title: "Copy failed", description: "Select the token and copy it." }),
    );
  return (
    <div
      className="space-y-2 rounded-md border border-primary/40 p-3"
      role="status"
      data-testid="panel-new-token"
    >
      <p className="text-sm font-medium">Copy &ldquo;{name}&rdquo; now: it is not shown again.</p>
      <Input
        readOnly
        value={token}
        aria-label={`Token ${name}`}
        onFocus={(e) => e.currentTarget.select()}
        data-testid="input-new-token"
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void copy()} data-testid="button-copy-token">
          Copy
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const onRevoke = () =>
    revoke.mutate(token.id, {
      onSuccess: () => toast({ title: "Token revoked", description: `"${token.name}" no longer works.` }),
      onError: (error) =>
        toast({ variant: "destructive", title: "Revoke failed", description: errorMessage(error) }),
    });
  const used = token.lastUsedAt ? `last used ${formatDate(token.lastUsedAt)}` : "never used";
  const expires = token.expiresAt ? `, expires ${formatDate(token.expiresAt)}` : "";
  return (
    <li className="flex items-center justify-between gap-2 py-2" data-testid={`token-row-${token.name}`}>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">{token.name}</span>
        <span className="block text-xs text-muted-foreground">
          Created {formatDate(token.createdAt)}, {used}
          {expires}
        </span>
      </span>
      <Button
        size="sm"
        variant="outline"
        onClick={onRevoke}
        disabled={revoke.isPending}
        aria-label={`Revoke ${token.name}`}
        data-testid={`button-revoke-token-${token.name}`}
      >
        <Trash2 aria-hidden="true" />
        Revoke
      </Button>
    </li>
  );
}
