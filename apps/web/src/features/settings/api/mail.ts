import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  mailAccountSchema,
  mailDryRunSchema,
  mailMessageSummarySchema,
  type MailAccountCreate,
  type MailAccountUpdate,
} from "@quire/contracts";
import { apiCommand, apiFetch } from "@/lib/api-client";
import { settingsKeys } from "@/lib/query-keys";

/**
 * Settings › Ingestion › Mail (Admin): the accounts, their rules, a dry-run and "Poll now". The
 * accounts' last poll moves without an event, so the list is read again while on screen.
 */
export function useMailAccounts() {
  return useQuery({
    queryKey: settingsKeys.mailAccounts,
    queryFn: () => apiFetch("/api/ingestion/mail/accounts", z.array(mailAccountSchema)),
    refetchInterval: 15_000,
  });
}

const accountUrl = (id: string) => `/api/ingestion/mail/accounts/${encodeURIComponent(id)}`;

export function useSaveMailAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: MailAccountCreate | MailAccountUpdate }) =>
      input.id
        ? apiFetch(accountUrl(input.id), mailAccountSchema, { method: "PUT", body: input.body })
        : apiFetch("/api/ingestion/mail/accounts", mailAccountSchema, { method: "POST", body: input.body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: settingsKeys.mailAccounts }),
  });
}

export function useDeleteMailAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCommand("DELETE", accountUrl(id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: settingsKeys.mailAccounts }),
  });
}

export function usePollMailAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCommand("POST", `${accountUrl(id)}/poll`),
    onSuccess: () => void client.invalidateQueries({ queryKey: settingsKeys.mailAccounts }),
  });
}

/** The mailbox's newest messages, read from the server when the dry-run opens (no retries: a refusal says why). */
export function useMailMessages(id: string) {
  return useQuery({
    queryKey: settingsKeys.mailMessages(id),
    queryFn: () => apiFetch(`${accountUrl(id)}/messages`, z.array(mailMessageSummarySchema)),
    retry: false,
  });
}

export function useMailDryRun(id: string) {
  return useMutation({
    mutationFn: (uid: number) =>
      apiFetch(`${accountUrl(id)}/dry-run`, mailDryRunSchema, { method: "POST", body: { uid } }),
  });
}
