import type { GermanPage } from "./german-pages";

/**
 * A document's page in German, tab by tab (languages-ui.test.ts): "{Expense Policy}" stands for that
 * demo document's id, an approved one with three versions and its signed review rounds. The
 * document's own text, its AI summary and the activity entries are the server's and stay English;
 * the English listed here is the page's own.
 */
const DOCUMENT = "/document/{Expense Policy}";

/** The header, side panel and Content tab's English, gone whichever tab is open. */
const PAGE_ENGLISH: (string | RegExp)[] = [
  "Ask about this document",
  "Share & Embed",
  "Document link",
  "Short link",
  "Who has access",
  "Effective: version",
  "Next periodic review",
  "Full summary",
  "Risk level",
  "AI Summary",
  /\(\d+ more\)/,
];

export const GERMAN_DOCUMENT_PAGES: GermanPage[] = [
  {
    path: DOCUMENT,
    ready: '[data-testid="document-content"]',
    shown: {
      "tab-content": "Inhalt",
      "document-control": "Gültig: Version",
      "panel-ask-document": "Fragen zu diesem Dokument",
      "panel-share-embed": "Dokumentlink",
      "card-ai-summary": "KI-Zusammenfassung",
    },
    absentEnglish: [...PAGE_ENGLISH, "On this page", /Contents \(\d+ sections\)/],
  },
  {
    path: `${DOCUMENT}?tab=versions`,
    ready: '[data-testid="list-versions"]',
    shown: {
      "tab-versions": "Versionen",
      "list-versions": "(aktuell)",
      "version-comparison": "Versionen vergleichen",
      "diff-change-navigator": "Nächste Änderung",
    },
    absentEnglish: [
      ...PAGE_ENGLISH,
      "Version History",
      "(current)",
      "Superseded by version",
      "Effective · approved",
      /\d+ characters\b/,
      "Compare Versions",
      "Open full comparison",
      "Changes Summary",
      "Lines added",
      "Lines unchanged",
      "Previous change",
      "Next change",
      "Unified Diff",
      /Show \d+ unchanged lines?/,
    ],
  },
  {
    path: `${DOCUMENT}?tab=comments`,
    ready: '[data-testid="panel-comments"]',
    shown: {
      "tab-comments": "Kommentare",
      "panel-comments": "Alle, die dieses Dokument lesen dürfen, sehen sie.",
      "text-no-comments": "Noch keine Kommentare.",
    },
    absentEnglish: [...PAGE_ENGLISH, "Comments are on version", "No comments yet", "type @ to mention"],
  },
  {
    path: `${DOCUMENT}?tab=approvals`,
    ready: '[data-testid="approval-workflow"]',
    shown: {
      "text-approval-stage": "Freigegeben",
      "approval-progress": "Prüfung ausstehend",
      "approval-workflow": "Letzte Aktivität",
    },
    // The activity entries' names ("Review Approved") are the server's.
    absentEnglish: [
      ...PAGE_ENGLISH,
      "Stage:",
      /Round \d+ · version \d+ · submitted by/,
      "Awaiting Review",
      "Awaiting Approval",
      "Not Started",
      // Headings on lines of their own: the AI summary's suggested actions may speak of reviewers.
      /^Reviewers$/m,
      /^Approver$/m,
      "Recent Activity",
      "No Approval Workflow",
    ],
  },
  {
    path: `${DOCUMENT}?tab=record`,
    ready: '[data-testid="record-entry"]',
    shown: {
      "approval-record": "Öffentlicher Schlüssel",
      // "<stage> · Version 2": the stage is the template's name for it.
      "record-entry": "· Version",
    },
    absentEnglish: [
      ...PAGE_ENGLISH,
      "Every decision on this document",
      "Public key",
      "Signed JSON",
      /Round \d+ · version/,
      "signed in session",
      " here)",
      "Original of version",
    ],
  },
];
