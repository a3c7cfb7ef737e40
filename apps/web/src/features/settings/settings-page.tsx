import { ErrorNotice } from "@/components/error-notice";
import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useSettings } from "@/lib/api/settings";
import { useAbilities, useLoginOptions, useUser } from "@/lib/auth";
import { Can } from "@/components/can";
import { AuditCard } from "./components/audit-card";
import { OrganizationCard } from "./components/organization-card";
import { PublicContactCard } from "./components/public-contact-card";
import { AppearanceCard, RoleCard } from "./components/role-card";
import { SystemCard } from "./components/system-card";
import { NotificationsCard } from "./components/notifications-card";
import { FeaturesCard } from "./components/toggles-cards";
import { UsersCard } from "./components/users-card";
import { GroupsCard } from "./components/groups-card";
import { CategoryAccessCard } from "./components/category-access-card";
import { ApiTokensCard } from "./components/api-tokens-card";
import { IngestionCard } from "./components/ingestion-card";
import { OcrLanguagesCard } from "./components/ocr-languages-card";
import { ApprovalTemplateCard } from "./components/approval-template-card";
import { OutOfOfficeCard } from "./components/out-of-office-card";

/** Seed §2 Settings, saved on the server: organisation and features by an Admin, notifications per user. */
export function SettingsPage() {
  const { data: user } = useUser();
  const { data: options } = useLoginOptions();
  const settings = useSettings();
  const abilities = useAbilities();
  const canManage = abilities.manageSettings;

  return (
    <div className="space-y-6" data-testid="settings-page">
      <PageHeader title="Settings" description="Organization, features, notifications and your account" />
      {/* grid-cols-1 is minmax(0, 1fr): an implicit column grows to its widest unbreakable line (a
          long username or e-mail in Users or Groups) and pushed the page sideways on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {settings.isPending ? (
          <>
            <Skeleton className="h-72" />
            <Skeleton className="h-72" />
          </>
        ) : settings.isError ? (
          <ErrorNotice
            error={settings.error}
            fallback="The settings could not be loaded."
            className="lg:col-span-2"
          />
        ) : (
          <>
            {/* Keyed by the saved values so a save or reload shows what the server holds. */}
            <OrganizationCard
              key={JSON.stringify(settings.data.organization)}
              organization={settings.data.organization}
              canEdit={canManage}
            />
            <FeaturesCard features={settings.data.features} canEdit={canManage} />
            {canManage && (
              <PublicContactCard
                key={JSON.stringify(settings.data.publicContact)}
                contact={settings.data.publicContact}
              />
            )}
          </>
        )}
        <NotificationsCard />
        {user && <RoleCard user={user} demo={options?.demo === true} />}
        {user && <OutOfOfficeCard currentUserId={user.id} currentUsername={user.username} />}
        <AppearanceCard />
        <ApiTokensCard />
        {user && abilities.manageUsers && <UsersCard currentUserId={user.id} />}
        <Can ability="manageUsers">
          <GroupsCard />
        </Can>
        <Can ability="manageCategories">
          <CategoryAccessCard />
        </Can>
        <Can ability="manageCategories">
          <ApprovalTemplateCard />
        </Can>
        <SystemCard />
        <Can ability="manageIngestion">
          <IngestionCard />
        </Can>
        <Can ability="manageIngestion">
          <OcrLanguagesCard />
        </Can>
        <Can ability="readActivity">
          <AuditCard />
        </Can>
      </div>
    </div>
  );
}
