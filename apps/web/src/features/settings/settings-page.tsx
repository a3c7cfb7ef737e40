import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { ErrorNotice } from "@/components/error-notice";
import { NotAllowed } from "@/components/not-allowed";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import {
  settingsSectionAt,
  visibleSettingsSections,
  type SettingsSection,
  type SettingsSectionId,
} from "@/config/settings-sections";
import { paths } from "@/config/paths";
import { useSettings } from "@/lib/api/settings";
import { useAbilities, useLoginOptions, useUser } from "@/lib/auth";
import { abilityPhrase } from "@/lib/forbidden";
import { sectionDescription, sectionLabel } from "@/lib/settings-section-text";
import { AuditCard } from "./components/audit-card";
import { OrganizationCard } from "./components/organization-card";
import { PublicContactCard } from "./components/public-contact-card";
import { AppearanceCard, RoleCard } from "./components/role-card";
import { SystemCard } from "./components/system-card";
import { NotificationsCard } from "./components/notifications-card";
import { FeaturesCard } from "./components/toggles-cards";
import { UsersCard } from "./components/users-card";
import { UsersSummaryCard } from "./components/users-summary-card";
import { GroupsCard } from "./components/groups-card";
import { CategoryAccessCard } from "./components/category-access-card";
import { ApiTokensCard } from "./components/api-tokens-card";
import { IngestionCard } from "./components/ingestion-card";
import { OcrLanguagesCard } from "./components/ocr-languages-card";
import { ApprovalTemplateCard } from "./components/approval-template-card";
import { OutOfOfficeCard } from "./components/out-of-office-card";
import { SettingsNav } from "./components/settings-nav";
import { LanguageCard } from "./components/language-card";
import "./locale";

/**
 * Seed §2 Settings, one address per section (config/settings-sections.ts): `/settings` is General,
 * the seed's page; the rest of Settings sits under it. The navigation lists only the sections the
 * signed-in role may use; opening another one's address explains the refusal instead of showing
 * cards whose every request the server would refuse.
 */
export function SettingsPage() {
  const { t } = useTranslation(["settings", "common"]);
  const [location] = useLocation();
  const abilities = useAbilities();
  const { data: user } = useUser();
  const section = settingsSectionAt(location);
  const sections = visibleSettingsSections(abilities);
  useSettingsTitle(section);

  let content: ReactNode;
  if (!section) content = <UnknownSection />;
  else if (section.ability && user && !abilities[section.ability])
    content = (
      <NotAllowed
        doing={abilityPhrase(section.ability)}
        headingLevel={2}
        action={
          <Button asChild variant="outline">
            <Link href={paths.settings.getHref()} data-testid="link-settings-general">
              {t("openGeneral")}
            </Link>
          </Button>
        }
      />
    );
  else if (section.ability && !user) content = <Skeleton className="h-72" />;
  else content = <SectionContent id={section.id} />;

  return (
    <div className="space-y-6" data-testid="settings-page">
      <PageHeader
        title={t("title")}
        description={section ? sectionDescription(section.id) : t("defaultDescription")}
      />
      {/* minmax(0, 1fr): an implicit column grows to its widest unbreakable line (a long username
          or e-mail in Users or Groups) and pushed the page sideways on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <SettingsNav sections={sections} current={section?.id} />
        <section
          aria-label={section ? t("sectionLabel", { section: sectionLabel(section.id) }) : t("title")}
          className="@container min-w-0"
          data-testid={section ? `settings-section-${section.id}` : "settings-section-unknown"}
        >
          {content}
        </section>
      </div>
    </div>
  );
}

/** The browser tab and history say which section is open ("Audit · Settings · Quire"). */
function useSettingsTitle(section: SettingsSection | undefined) {
  const { t } = useTranslation(["settings", "common"]);
  useEffect(() => {
    document.title =
      section && section.id !== "general"
        ? t("sectionDocumentTitle", { section: sectionLabel(section.id) })
        : t("documentTitle");
    return () => {
      document.title = t("common:appName");
    };
    // `t` changes with the language: a switch renames the tab as it renames the page.
  }, [section, t]);
}

function UnknownSection() {
  const { t } = useTranslation(["settings", "common"]);
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="space-y-4">
        <h2 className="text-xl font-semibold">{t("noSuchSection")}</h2>
        <p className="text-muted-foreground">{t("noSuchSectionText")}</p>
        <Button asChild variant="outline">
          <Link href={paths.settings.getHref()}>{t("openGeneral")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function SectionContent({ id }: { id: SettingsSectionId }) {
  switch (id) {
    case "general":
      return <GeneralSection />;
    case "account":
      return <AccountSection />;
    case "users":
      return <UsersSection />;
    case "category-access":
      return <CategoryAccessCard />;
    case "document-control":
      return <ApprovalTemplateCard />;
    case "ingestion":
      return (
        <Stack>
          <IngestionCard />
          <OcrLanguagesCard />
        </Stack>
      );
    case "audit":
      return <AuditCard />;
    case "public-contact":
      return <PublicContactSection />;
  }
}

/** The cards of one section, one below the other. */
function Stack({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-6">{children}</div>;
}

/** Seed §2: organisation, features, notifications, role, appearance, users (Admin) and system. */
function GeneralSection() {
  const { data: user } = useUser();
  const { data: options } = useLoginOptions();
  const settings = useSettings();
  const abilities = useAbilities();
  const canManage = abilities.manageSettings;
  const { t } = useTranslation(["settings", "common"]);

  return (
    // Two columns once the section itself is wide enough, whatever the sidebar takes.
    <div className="grid grid-cols-1 gap-6 @3xl:grid-cols-2">
      {settings.isPending ? (
        <>
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </>
      ) : settings.isError ? (
        <ErrorNotice error={settings.error} fallback={t("loadFailed")} className="@3xl:col-span-2" />
      ) : (
        <>
          {/* Keyed by the saved values so a save or reload shows what the server holds. */}
          <OrganizationCard
            key={JSON.stringify(settings.data.organization)}
            organization={settings.data.organization}
            canEdit={canManage}
          />
          <FeaturesCard features={settings.data.features} canEdit={canManage} />
        </>
      )}
      <NotificationsCard />
      {user && <RoleCard user={user} demo={options?.demo === true} />}
      <AppearanceCard />
      {abilities.manageUsers && <UsersSummaryCard />}
      <SystemCard />
    </div>
  );
}

function AccountSection() {
  const { data: user } = useUser();
  return (
    <Stack>
      <LanguageCard />
      <ApiTokensCard />
      {user && <OutOfOfficeCard currentUserId={user.id} currentUsername={user.username} />}
    </Stack>
  );
}

function UsersSection() {
  const { data: user } = useUser();
  return (
    <Stack>
      {user && <UsersCard currentUserId={user.id} />}
      <GroupsCard />
    </Stack>
  );
}

function PublicContactSection() {
  const { t } = useTranslation(["settings", "common"]);
  const settings = useSettings();
  if (settings.isPending) return <Skeleton className="h-72" />;
  if (settings.isError) return <ErrorNotice error={settings.error} fallback={t("loadFailed")} />;
  return (
    <PublicContactCard
      key={JSON.stringify(settings.data.publicContact)}
      contact={settings.data.publicContact}
    />
  );
}
