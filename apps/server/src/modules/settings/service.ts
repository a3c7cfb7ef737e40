import type { Settings } from "@quire/contracts";
import { LRUCache } from "lru-cache";
import { cacheSlot, type AppContext } from "../../context";
import type { Database } from "../../db/client";
import { withTransaction, type CommandActor } from "../activity/command";
import { raise } from "../../events/subscriber";
import type { Actor } from "../../policies/policy";
import { APPROVAL_DEFAULTS_KEY, readSettingValues, writeSetting } from "./repository";

const ORGANIZATION_KEY = "organization";
const FEATURES_KEY = "features";
const PUBLIC_CONTACT_KEY = "publicContact";

export const DEFAULT_SETTINGS: Settings = {
  organization: { name: "", domain: "", description: "" },
  features: { aiSummaries: true, versionDiff: true, approvalWorkflows: true, semanticSearch: true },
  approvalDefaults: { reviewerIds: [], approverId: null },
  publicContact: { salesEmail: "", supportEmail: "", partnershipsEmail: "", demoVideoUrl: "" },
};

type Stored = Partial<{ [K in keyof Settings]: Partial<Settings[K]> }>;

async function readStored(db: Database): Promise<Stored> {
  const byKey = await readSettingValues(db, [
    ORGANIZATION_KEY,
    FEATURES_KEY,
    APPROVAL_DEFAULTS_KEY,
    PUBLIC_CONTACT_KEY,
  ]);
  return {
    organization: byKey.get(ORGANIZATION_KEY) as Stored["organization"],
    features: byKey.get(FEATURES_KEY) as Stored["features"],
    approvalDefaults: byKey.get(APPROVAL_DEFAULTS_KEY) as Stored["approvalDefaults"],
    publicContact: byKey.get(PUBLIC_CONTACT_KEY) as Stored["publicContact"],
  };
}

/** Stored values over the defaults, so a setting added later has a value in every installation. */
export async function getSettings(db: Database): Promise<Settings> {
  const stored = await readStored(db);
  return {
    organization: { ...DEFAULT_SETTINGS.organization, ...stored.organization },
    features: { ...DEFAULT_SETTINGS.features, ...stored.features },
    approvalDefaults: { ...DEFAULT_SETTINGS.approvalDefaults, ...stored.approvalDefaults },
    publicContact: { ...DEFAULT_SETTINGS.publicContact, ...stored.publicContact },
  };
}

/**
 * Settings change rarely but are read on every feature-gated request, so reads share one copy
 * per context for a second. A save in this process drops it at once; another process (a second
 * server on the same PostgreSQL) sees the change within CACHE_MS.
 */
const CACHE_MS = 1000;
const settingsSlot = cacheSlot(
  "settings",
  () => new LRUCache<"settings", Promise<Settings>>({ max: 1, ttl: CACHE_MS }),
);

type SettingsContext = Pick<AppContext, "db" | "caches">;

export function cachedSettings(ctx: SettingsContext): Promise<Settings> {
  const cache = ctx.caches.get(settingsSlot);
  const hit = cache.get("settings");
  if (hit) return hit;
  const value = getSettings(ctx.db);
  cache.set("settings", value);
  // A failed read is not remembered: the next request tries the database again.
  value.catch(() => cache.delete("settings"));
  return value;
}

export async function isFeatureOn(
  ctx: SettingsContext,
  feature: keyof Settings["features"],
): Promise<boolean> {
  return (await cachedSettings(ctx)).features[feature];
}

type SettingsPatch = {
  organization?: Partial<Settings["organization"]> | undefined;
  features?: Partial<Settings["features"]> | undefined;
  approvalDefaults?: Settings["approvalDefaults"] | undefined;
  publicContact?: Partial<Settings["publicContact"]> | undefined;
};

/**
 * Admin only (the route authorises). Default reviewers and approver must hold their roles: the
 * approvals module checks them as the change is made (settings.approvalDefaultsChanged).
 */
export async function updateSettings(
  ctx: AppContext,
  by: Pick<Actor, "id" | "username"> & CommandActor,
  patch: SettingsPatch,
): Promise<Settings> {
  const current = await getSettings(ctx.db);
  const next: Settings = {
    organization: { ...current.organization, ...patch.organization },
    features: { ...current.features, ...patch.features },
    approvalDefaults: patch.approvalDefaults ?? current.approvalDefaults,
    publicContact: { ...current.publicContact, ...patch.publicContact },
  };
  const now = ctx.clock.now();
  const writes: Array<[string, unknown]> = [
    [ORGANIZATION_KEY, next.organization],
    [FEATURES_KEY, next.features],
    [APPROVAL_DEFAULTS_KEY, next.approvalDefaults],
    [PUBLIC_CONTACT_KEY, next.publicContact],
  ];
  await withTransaction(ctx, by, async (tx, record) => {
    if (patch.approvalDefaults) {
      const defaults = patch.approvalDefaults;
      await raise(ctx, tx, { type: "settings.approvalDefaultsChanged", by, at: now, ...defaults });
    }
    await record({ action: "Changed settings", subjectType: "settings", subjectId: null, data: patch });
    for (const [key, value] of writes) await writeSetting(tx, key, value, now);
  });
  ctx.caches.get(settingsSlot).clear();
  return next;
}
