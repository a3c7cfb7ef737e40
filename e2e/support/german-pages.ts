/**
 * The converted pages as a German user sees them (languages-ui.test.ts): what each shows by test
 * id once its data has arrived, and English that must be gone, the texts the server composes
 * (suggestions, activity entries) included: the web writes those from their facts.
 */

import { GERMAN_DOCUMENT_PAGES } from "./german-pages-document";

/** A converted page in German: its texts by test id, and none of its English left in the page. */
export type GermanPage = {
  path: string;
  /** Waited for before anything is read: the page's data has arrived. */
  ready: string;
  shown: Record<string, string>;
  absentEnglish: (string | RegExp)[];
};

export const GERMAN_PAGES: GermanPage[] = [
  {
    path: "/dashboard",
    ready: '[data-testid^="recent-update-"]',
    shown: {
      "button-search": "Archiv durchsuchen",
      "ai-assistant": "KI-Assistent",
      "button-quick-question-0": "Welche Sicherheitsrichtlinien haben wir?",
      "ai-insights": "Freigabequote",
      "recent-updates": "Letzte Änderungen",
      "quick-stats": "Warten auf Sie",
      "ai-suggestions": "KI-Vorschläge",
      // The demo archive files the Travel Policy under General; the classifier places it in Finance.
      dashboard: "„Travel Policy“ nach Finance verschieben",
    },
    absentEnglish: [
      "Welcome back",
      "Here is what is happening",
      "Search Archive",
      "AI Assistant",
      "Quick questions",
      "What are our security policies?",
      "AI Insights",
      "Approval rate",
      "Recent Updates",
      "Quick Stats",
      "Waiting on you",
      "Storage used",
      "AI Suggestions",
      /(High|Medium|Low) confidence/,
      // The suggestions' titles, descriptions and buttons as the server writes them in English.
      /Move '.+' to /,
      "is stuck in review",
      /Merge '.+' into '/,
      "of their text is the same",
      "Ask the owner to review it",
      "Notify owner",
      "Remind reviewers",
      "Archive older copy",
    ],
  },
  {
    path: "/documents",
    ready: '[data-testid="documents-list"]',
    shown: {
      "text-page-title": "Alle Dokumente",
      "select-status": "Alle Status",
      "select-sort": "Aktualisiert (neueste zuerst)",
      "bulk-select-header": "Diese Seite auswählen",
    },
    absentEnglish: [
      "All Documents",
      "All Statuses",
      "Updated (newest first)",
      "Select this page",
      "Saved views",
      "Processing failed",
      /\b\d+ (documents?|versions?)\b/,
      /Page \d+ of \d+/,
      /\bPrevious\b|\bNext\b/,
    ],
  },
  {
    path: "/upload",
    ready: '[data-testid="form-upload"]',
    shown: {
      "dropzone-upload": "Dateien hierher ziehen oder",
      "text-accepted-types": "Zulässige Typen: .pdf, .docx, .txt, .md",
      "button-submit-upload": "Dokument hochladen",
      "text-submit-reason": "Wählen Sie mindestens eine Datei zum Hochladen.",
    },
    absentEnglish: [
      "Upload Documents",
      "Add documents to the archive",
      "What happens next?",
      "Upload Guidelines",
      "Drag and drop",
      "Browse files",
      "Choose at least one file",
      "Leave it empty",
      "Key phrases from the content",
      "Let Quire file it",
    ],
  },
  {
    path: "/search",
    ready: '[data-testid="start-search"]',
    shown: {
      "start-search": "Starten Sie Ihre Suche",
      "search-syntax": "exakte Wortfolge",
      "button-submit-search": "Suchen",
    },
    absentEnglish: [
      "Search Documents",
      "Find documents by their words",
      "Start Your Search",
      "Popular Searches",
      "Also search by meaning",
      "Type words, a question",
      "remote work policy",
    ],
  },
  {
    path: "/approvals",
    ready: '[data-testid^="approval-card-"]',
    shown: {
      "filter-waiting-on-me": "Warten auf mich",
      "filter-all": "Alle Dokumente",
      "text-approvals-scope": "Die Zahlen umfassen alle Freigaberunden",
      "text-approvals-count": "Dokument",
    },
    absentEnglish: [
      // The rounds' activity entries, as the server records them (a wide screen shows them unfolded).
      "Submitted for review",
      "Review Approved",
      "Final Approved",
      "Approval Dashboard",
      "Monitor and manage",
      "Waiting on Me",
      "Waiting on You",
      "In Progress",
      "Awaiting Review",
      "Awaiting Approval",
      "Review progress",
      "View Document",
      "Pending Review",
      "Approval Rate",
      "All figures",
      "Final Approver",
      "Recent Activity",
      /Showing \d+/,
    ],
  },
  ...GERMAN_DOCUMENT_PAGES,
];

GERMAN_PAGES.push(...(await import("./german-pages-settings")).GERMAN_SETTINGS_PAGES);
