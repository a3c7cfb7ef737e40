import type { LucideIcon } from "lucide-react";
import type { AppAbilities } from "@quire/contracts";
import { CheckSquare, FolderOpen, LayoutDashboard, Search, Sparkles, Upload, Zap } from "lucide-react";

export type TourPosition = "center" | "right" | "bottom" | "top" | "left";

export type TourStep = {
  id: string;
  title: string;
  description: string;
  /** CSS selectors tried in order; the first visible match is the target. None (or no match): centred. */
  target: readonly string[];
  position: TourPosition;
  icon: LucideIcon;
  spotlight?: boolean;
};

/** Seed §9 tour constants. */
export const TOUR_AUTO_START_MS = 1000;
export const TOUR_FADE_MS = 150;
export const TOUR_CARD_WIDTH = 400;
export const TOUR_CARD_HEIGHT = 300;
export const TOUR_MARGIN = 24;
export const TOUR_SPOTLIGHT_PADDING = 12;
export const TOUR_STORAGE_KEY = "tour-completed";

/** What the tour's text follows: only what the server says this user may do (no role names). */
export type TourAbilities = Pick<
  AppAbilities,
  "uploadDocuments" | "reviewDocuments" | "approvalWorkflows" | "semanticSearch"
>;

const welcome: TourStep = {
  id: "welcome",
  title: "Welcome to Quire",
  description:
    "Your AI-assisted document archive: versions, approvals, search and answers in one place. This short tour shows you around.",
  target: [],
  position: "center",
  icon: Sparkles,
};

const layout: TourStep = {
  id: "layout",
  title: "Smart Navigation",
  description:
    "The sidebar takes you everywhere: Dashboard, Documents, Approvals and Smart Search, plus your categories and settings.",
  target: ['[data-testid="sidebar"]'],
  position: "right",
  icon: LayoutDashboard,
};

const quickActions = {
  upload: {
    id: "quick-actions",
    title: "Quick Actions",
    description: "Upload a document or search the archive straight from here.",
    target: ['[data-testid="hero-upload"]', '[data-testid="hero-search"]', '[data-testid="button-upload"]'],
    position: "bottom",
    icon: Zap,
  },
  searchOnly: {
    id: "quick-actions",
    title: "Quick Actions",
    description: "Search the archive straight from here.",
    target: ['[data-testid="hero-search"]'],
    position: "bottom",
    icon: Zap,
  },
} satisfies Record<string, TourStep>;

const aiAssistant: TourStep = {
  id: "ai-assistant",
  title: "AI Assistant",
  description:
    "Ask questions in plain language on the Dashboard. Answers come from your archive, with the passages they cite and an honest confidence.",
  target: ['[data-testid="ai-assistant"]'],
  position: "bottom",
  icon: Sparkles,
  spotlight: true,
};

const categories: TourStep = {
  id: "categories",
  title: "Categories",
  description: "Documents are sorted into categories automatically; each shows how many documents it holds.",
  target: ['[data-testid="sidebar-categories"]', '[data-testid^="tile-"]'],
  position: "right",
  icon: FolderOpen,
};

const smartSearch = {
  semantic: {
    id: "smart-search",
    title: "Smart Search",
    description: "Search by meaning as well as by words, with highlighted excerpts and relevance stars.",
    target: ['[data-testid="nav-search"]', '[data-testid="hero-search"]'],
    position: "right",
    icon: Search,
  },
  words: {
    id: "smart-search",
    title: "Smart Search",
    description:
      "Search titles, content and tags by their words, with highlighted excerpts and relevance stars.",
    target: ['[data-testid="nav-search"]', '[data-testid="hero-search"]'],
    position: "right",
    icon: Search,
  },
} satisfies Record<string, TourStep>;

const approvals = {
  submit: {
    id: "approvals",
    title: "Approval Workflows",
    description:
      "Route documents through review and final approval, and follow every decision on the Approval Dashboard.",
    target: ['[data-testid="nav-approvals"]'],
    position: "right",
    icon: CheckSquare,
  },
  review: {
    id: "approvals",
    title: "Approval Workflows",
    description:
      "Review or decide on the documents assigned to you, and follow every decision on the Approval Dashboard.",
    target: ['[data-testid="nav-approvals"]'],
    position: "right",
    icon: CheckSquare,
  },
  follow: {
    id: "approvals",
    title: "Approval Workflows",
    description: "Follow every document's review and final approval on the Approval Dashboard.",
    target: ['[data-testid="nav-approvals"]'],
    position: "right",
    icon: CheckSquare,
  },
} satisfies Record<string, TourStep>;

const documentConversion = {
  upload: {
    id: "document-conversion",
    title: "Document Conversion",
    description:
      "Uploads (PDF, DOCX, TXT, MD up to 10MB) are converted to markdown for AI processing while the original file is kept.",
    target: ['[data-testid="button-upload"]'],
    position: "bottom",
    icon: Upload,
  },
  read: {
    id: "document-conversion",
    title: "Document Conversion",
    description:
      "Every document (PDF, DOCX, TXT or MD) is converted to markdown for AI processing while its original file is kept.",
    target: [],
    position: "center",
    icon: Upload,
  },
} satisfies Record<string, TourStep>;

/** Those who upload send their documents for review; reviewers and approvers act; others follow. */
function approvalsStep(can: TourAbilities): TourStep {
  if (!can.approvalWorkflows) return approvals.follow;
  if (can.uploadDocuments) return approvals.submit;
  return can.reviewDocuments ? approvals.review : approvals.follow;
}

/**
 * Seed §2 Guided tour: eight steps in this order, each telling this user only what they can do (a
 * Viewer is never told to upload). The steps are module constants, so the same abilities give the
 * same objects and the overlay's effects keyed on its step do not rerun at every render.
 */
export function tourStepsFor(can: TourAbilities): readonly TourStep[] {
  return [
    welcome,
    layout,
    can.uploadDocuments ? quickActions.upload : quickActions.searchOnly,
    aiAssistant,
    categories,
    can.semanticSearch ? smartSearch.semantic : smartSearch.words,
    approvalsStep(can),
    can.uploadDocuments ? documentConversion.upload : documentConversion.read,
  ];
}

/** Eight, whatever the abilities: only the steps' text varies. */
export const TOUR_STEP_COUNT = 8;

/** Seed §4: progress = step number divided by 8, as a percent (step 0 is step number 1). */
export function tourProgress(stepIndex: number, total = TOUR_STEP_COUNT): number {
  return Math.round(((stepIndex + 1) / total) * 100);
}
