import type { LucideIcon } from "lucide-react";
import type { AppAbilities } from "@quire/contracts";
import { CheckSquare, FolderOpen, LayoutDashboard, Search, Sparkles, Upload, Zap } from "lucide-react";
import { i18n } from "@/lib/i18n";
import type { Catalogue } from "@/locales/en";
import "../locale";

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

type StepText = keyof Catalogue["tour"]["steps"];

/**
 * A step whose title and description are read from the catalogue when shown, so the same step
 * object speaks the interface's language of the moment.
 */
function step(text: StepText, place: Omit<TourStep, "title" | "description">): TourStep {
  return {
    ...place,
    get title() {
      return i18n.t(`tour:steps.${text}.title`);
    },
    get description() {
      return i18n.t(`tour:steps.${text}.description`);
    },
  };
}

const welcome: TourStep = step("welcome", {
  id: "welcome",
  target: [],
  position: "center",
  icon: Sparkles,
});

const layout: TourStep = step("layout", {
  id: "layout",
  target: ['[data-testid="sidebar"]'],
  position: "right",
  icon: LayoutDashboard,
});

/** At phone width the sidebar waits behind this button in the top bar. */
const MENU_BUTTON = '[data-testid="button-menu"]';

const layoutInMenu: TourStep = step("layoutMenu", {
  id: "layout",
  target: [MENU_BUTTON],
  position: "bottom",
  icon: LayoutDashboard,
});

/**
 * A sidebar step at phone width: the same step pointing at `target` below it, its text read from
 * the step's own (a getter, so it follows the language), with `hint` after the description.
 */
function atPhoneWidth(base: TourStep, target: readonly string[], hint?: () => string): TourStep {
  return {
    id: base.id,
    target,
    position: "bottom",
    icon: base.icon,
    get title() {
      return base.title;
    },
    get description() {
      return hint ? `${base.description} ${hint()}` : base.description;
    },
  };
}

/** A sidebar page's step at phone width: it points at the menu button and says the page opens from there. */
const inMenu = (base: TourStep): TourStep =>
  atPhoneWidth(base, [MENU_BUTTON], () => i18n.t("tour:approvalsInMenu"));

const quickActions = {
  upload: step("quickActionsUpload", {
    id: "quick-actions",
    target: ['[data-testid="hero-upload"]', '[data-testid="hero-search"]', '[data-testid="button-upload"]'],
    position: "bottom",
    icon: Zap,
  }),
  searchOnly: step("quickActionsSearch", {
    id: "quick-actions",
    target: ['[data-testid="hero-search"]'],
    position: "bottom",
    icon: Zap,
  }),
} satisfies Record<string, TourStep>;

const aiAssistant: TourStep = step("aiAssistant", {
  id: "ai-assistant",
  target: ['[data-testid="ai-assistant"]'],
  position: "bottom",
  icon: Sparkles,
  spotlight: true,
});

const categories: TourStep = step("categories", {
  id: "categories",
  target: ['[data-testid="sidebar-categories"]', '[data-testid^="tile-"]'],
  position: "right",
  icon: FolderOpen,
});

const smartSearch = {
  semantic: step("smartSearchSemantic", {
    id: "smart-search",
    target: ['[data-testid="nav-search"]', '[data-testid="hero-search"]'],
    position: "right",
    icon: Search,
  }),
  words: step("smartSearchWords", {
    id: "smart-search",
    target: ['[data-testid="nav-search"]', '[data-testid="hero-search"]'],
    position: "right",
    icon: Search,
  }),
} satisfies Record<string, TourStep>;

/** At phone width: the search box on the page, else the menu button that leads to Smart Search. */
const smartSearchInMenu = {
  semantic: atPhoneWidth(smartSearch.semantic, ['[data-testid="hero-search"]', MENU_BUTTON]),
  words: atPhoneWidth(smartSearch.words, ['[data-testid="hero-search"]', MENU_BUTTON]),
} satisfies Record<string, TourStep>;

const approvals = {
  submit: step("approvalsSubmit", {
    id: "approvals",
    target: ['[data-testid="nav-approvals"]'],
    position: "right",
    icon: CheckSquare,
  }),
  review: step("approvalsReview", {
    id: "approvals",
    target: ['[data-testid="nav-approvals"]'],
    position: "right",
    icon: CheckSquare,
  }),
  follow: step("approvalsFollow", {
    id: "approvals",
    target: ['[data-testid="nav-approvals"]'],
    position: "right",
    icon: CheckSquare,
  }),
} satisfies Record<string, TourStep>;

const approvalsInMenu = {
  submit: inMenu(approvals.submit),
  review: inMenu(approvals.review),
  follow: inMenu(approvals.follow),
} satisfies Record<string, TourStep>;

const documentConversion = {
  upload: step("conversionUpload", {
    id: "document-conversion",
    target: ['[data-testid="button-upload"]'],
    position: "bottom",
    icon: Upload,
  }),
  read: step("conversionRead", {
    id: "document-conversion",
    target: [],
    position: "center",
    icon: Upload,
  }),
} satisfies Record<string, TourStep>;

/** Those who upload send their documents for review; reviewers and approvers act; others follow. */
function approvalsStep(can: TourAbilities, menu: boolean): TourStep {
  const steps = menu ? approvalsInMenu : approvals;
  if (!can.approvalWorkflows) return steps.follow;
  if (can.uploadDocuments) return steps.submit;
  return can.reviewDocuments ? steps.review : steps.follow;
}

/**
 * Seed §2 Guided tour: eight steps in this order, each telling this user only what they can do (a
 * Viewer is never told to upload). `menu`: the sidebar is behind the menu button (phone width), so
 * the steps about it point at that button instead. The steps are module constants, so the same
 * abilities give the same objects and the overlay's effects keyed on its step do not rerun at
 * every render.
 */
export function tourStepsFor(
  can: TourAbilities,
  { menu = false }: { menu?: boolean } = {},
): readonly TourStep[] {
  const search = menu ? smartSearchInMenu : smartSearch;
  return [
    welcome,
    menu ? layoutInMenu : layout,
    can.uploadDocuments ? quickActions.upload : quickActions.searchOnly,
    aiAssistant,
    categories,
    can.semanticSearch ? search.semantic : search.words,
    approvalsStep(can, menu),
    can.uploadDocuments ? documentConversion.upload : documentConversion.read,
  ];
}

/** Eight, whatever the abilities: only the steps' text varies. */
export const TOUR_STEP_COUNT = 8;

/** Seed §4: progress = step number divided by 8, as a percent (step 0 is step number 1). */
export function tourProgress(stepIndex: number, total = TOUR_STEP_COUNT): number {
  return Math.round(((stepIndex + 1) / total) * 100);
}
