import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
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
import "../locale";

/**
 * Settings › API Tokens (everyone, for themselves): the personal access tokens the REST API
 * (/api/docs) and `npm run quire -- backup` ask for. Without this card nobody could get one but
 * by hand-crafting a request. The secret is shown once, when it is made.
 */
export function ApiTokensCard() {
  const { t } = useTranslation("settings");
  const tokens = useApiTokens();
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);

  return (
    <Card data-testid="card-api-tokens">
      <CardHeader>
        <CardTitle>{t("tokens.title")}</CardTitle>
        <CardDescription>{t("tokens.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <NewTokenForm onCreated={setSecret} />
        {secret && <NewSecret name={secret.name} token={secret.token} onDone={() => setSecret(null)} />}
        {tokens.isPending && <Skeleton className="h-16" />}
        {tokens.isError && <ErrorNotice error={tokens.error} />}
        {tokens.data?.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="text-no-tokens">
            {t("tokens.none")}
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
  const { t } = useTranslation("settings");
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
      <Label htmlFor="input-token-name">{t("tokens.name")}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="input-token-name"
          className="min-w-0 flex-1"
          value={name}
          maxLength={100}
          placeholder={t("tokens.namePlaceholder")}
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
          {create.isPending ? t("tokens.creating") : t("tokens.create")}
        </Button>
      </div>
      {create.isError && <ErrorNotice error={create.error} className="text-sm" />}
    </form>
  );
}

function NewSecret({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const { t } = useTranslation("settings");
  const copy = () =>
    navigator.clipboard.writeText(token).then(
      () => toast({ title: t("tokens.copied"), description: t("tokens.keepSafe", { name }) }),
      () =>
        toast({
          variant: "destructive",
          title: t("tokens.copyFailed"),
          description: t("tokens.copyFailedDescription"),
        }),
    );
  return (
    <div
      className="space-y-2 rounded-md border border-primary/40 p-3"
      role="status"
      data-testid="panel-new-token"
    >
      <p className="text-sm font-medium">{t("tokens.copyNow", { name })}</p>
      <Input
        readOnly
        value={token}
        aria-label={t("tokens.tokenLabel", { name })}
        onFocus={(e) => e.currentTarget.select()}
        data-testid="input-new-token"
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void copy()} data-testid="button-copy-token">
          {t("tokens.copy")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t("tokens.done")}
        </Button>
      </div>
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation("settings");
  const revoke = useRevokeApiToken();
  const onRevoke = () =>
    revoke.mutate(token.id, {
      onSuccess: () =>
        toast({
          title: t("tokens.revoked"),
          description: t("tokens.revokedDescription", { name: token.name }),
        }),
      onError: (error) =>
        toast({ variant: "destructive", title: t("tokens.revokeFailed"), description: errorMessage(error) }),
    });
  const used = token.lastUsedAt
    ? t("tokens.lastUsed", { date: formatDate(token.lastUsedAt) })
    : t("tokens.neverUsed");
  const expires = token.expiresAt ? t("tokens.expires", { date: formatDate(token.expiresAt) }) : "";
  return (
    <li className="flex items-center justify-between gap-2 py-2" data-testid={`token-row-${token.name}`}>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">{token.name}</span>
        <span className="block text-xs text-muted-foreground">
          {t("tokens.created", { date: formatDate(token.createdAt), used, expires })}
        </span>
      </span>
      <Button
        size="sm"
        variant="outline"
        onClick={onRevoke}
        disabled={revoke.isPending}
        aria-label={t("tokens.revokeLabel", { name: token.name })}
        data-testid={`button-revoke-token-${token.name}`}
      >
        <Trash2 aria-hidden="true" />
        {t("tokens.revoke")}
      </Button>
    </li>
  );
}
