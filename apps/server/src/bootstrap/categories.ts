import type { Category } from "@quire/contracts";

/** The organisation's starting categories, with the seed's icons and colours. Admins change them later. */
export const DEFAULT_CATEGORIES: ReadonlyArray<Omit<Category, "id">> = [
  {
    name: "Engineering",
    description: "Technical documentation, API references, architecture and runbooks",
    icon: "fas fa-code",
    color: "blue",
  },
  {
    name: "Finance",
    description: "Budgets, expense policies and reports, procurement",
    icon: "fas fa-chart-line",
    color: "green",
  },
  {
    name: "Legal",
    description: "Contracts, compliance requirements and data protection",
    icon: "fas fa-balance-scale",
    color: "purple",
  },
  {
    name: "Human Resources",
    description: "Onboarding, leave, remote work and people policies",
    icon: "fas fa-users",
    color: "orange",
  },
  {
    name: "Operations",
    description: "Incident response, business continuity and vendor management",
    icon: "fas fa-cogs",
    color: "red",
  },
  {
    name: "General",
    description: "Company-wide announcements, handbooks and everything else",
    icon: "fas fa-folder",
    color: "gray",
  },
];
