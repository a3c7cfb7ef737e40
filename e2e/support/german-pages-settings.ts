import type { GermanPage } from "./german-pages";

/**
 * Settings in German (languages-ui.test.ts). Each page is visited by an Admin on a wide screen and
 * an Author on a phone, so only the sections every role may open are listed: General and Account.
 * The permissions listed under Role & Permissions are the server's own lines and stay English for
 * now, so none of their words are listed as absent.
 */
export const GERMAN_SETTINGS_PAGES: GermanPage[] = [
  {
    path: "/settings",
    ready: '[data-testid="card-organization"]',
    shown: {
      "card-organization": "Organisationsprofil",
      "card-features": "Semantische Suche",
      "card-notifications": "Prüfungserinnerungen",
      "card-role": "Aktuelle Rolle",
      "card-appearance": "Dunkelmodus",
      "card-system": "Systeminformationen",
    },
    absentEnglish: [
      "Organization Profile",
      "Organization Name",
      "Only an Admin can change",
      "Feature Configuration",
      "Version Diff Viewer",
      "Semantic Search",
      "Notification Preferences",
      "Review Reminders",
      "Approval Alerts",
      "Role & Permissions",
      "Current role",
      "Appearance",
      "Dark Mode",
      "System Information",
      "Environment",
      "Last Update",
      "AI Provider",
      "Background Jobs",
      "Download Backup",
    ],
  },
  {
    path: "/settings/account",
    ready: '[data-testid="card-out-of-office"]',
    shown: {
      "card-language": "Sprache der Oberfläche",
      "card-api-tokens": "API-Tokens",
      "card-out-of-office": "Abwesenheit",
    },
    absentEnglish: [
      "Interface language",
      "API Tokens",
      "Personal access tokens",
      "Token name",
      "Create Token",
      "Out of Office",
      "Save Out of Office",
      "Your delegate",
    ],
  },
];
