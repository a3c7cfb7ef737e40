import { randomUUID } from "node:crypto";
import { freshMailAccount, mailAccountBody, type MatrixEntry } from "./route-matrix-fixtures";

/**
 * The ingestion routes (the watched folder's and mail's queue, OCR languages, mail accounts), all
 * the Admin's: part of the role matrix in route-matrix.ts.
 */
export const ingestionMatrix: MatrixEntry[] = [
  { method: "GET", route: "/api/ingestion", allowed: ["Admin"] },
  // A made-up item is "not found" for the Admin; everyone else is refused before the lookup.
  {
    method: "POST",
    route: "/api/ingestion/items/:id/retry",
    allowed: ["Admin"],
    ok: 404,
    prepare: async () => ({ url: `/api/ingestion/items/${randomUUID()}/retry` }),
  },
  { method: "GET", route: "/api/ingestion/languages", allowed: ["Admin"] },
  {
    method: "PUT",
    route: "/api/ingestion/languages",
    allowed: ["Admin"],
    prepare: async () => ({ body: { languages: ["eng"] } }),
  },
  { method: "GET", route: "/api/ingestion/mail/accounts", allowed: ["Admin"] },
  {
    method: "POST",
    route: "/api/ingestion/mail/accounts",
    allowed: ["Admin"],
    ok: 201,
    prepare: async () => ({ body: mailAccountBody() }),
  },
  {
    method: "PUT",
    route: "/api/ingestion/mail/accounts/:id",
    allowed: ["Admin"],
    prepare: async (t) => ({
      url: `/api/ingestion/mail/accounts/${await freshMailAccount(t)}`,
      body: mailAccountBody(),
    }),
  },
  {
    method: "DELETE",
    route: "/api/ingestion/mail/accounts/:id",
    allowed: ["Admin"],
    ok: 204,
    prepare: async (t) => ({ url: `/api/ingestion/mail/accounts/${await freshMailAccount(t)}` }),
  },
  // No IMAP server listens on the matrix's account: reading the mailbox answers 502 with why.
  {
    method: "GET",
    route: "/api/ingestion/mail/accounts/:id/messages",
    allowed: ["Admin"],
    ok: 502,
    prepare: async (t) => ({ url: `/api/ingestion/mail/accounts/${await freshMailAccount(t)}/messages` }),
  },
  {
    method: "POST",
    route: "/api/ingestion/mail/accounts/:id/dry-run",
    allowed: ["Admin"],
    ok: 502,
    readOnly: true,
    prepare: async (t) => ({
      url: `/api/ingestion/mail/accounts/${await freshMailAccount(t)}/dry-run`,
      body: { uid: 1 },
    }),
  },
  {
    method: "POST",
    route: "/api/ingestion/mail/accounts/:id/poll",
    allowed: ["Admin"],
    ok: 202,
    prepare: async (t) => ({ url: `/api/ingestion/mail/accounts/${await freshMailAccount(t)}/poll` }),
  },
];
