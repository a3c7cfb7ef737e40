/**
 * Landing page copy and figures in one place. Figures are the seed's (§9). The contact
 * addresses and the demo video are the organisation's own, published by an Admin in Settings
 * (GET /api/public/contact); a card or link whose address is not set is left out.
 */

export const CONTACTS = [
  {
    team: "Sales",
    description: "Pricing, pilots and plans for your organisation.",
    field: "salesEmail",
  },
  {
    team: "Support",
    description: "Help with your archive, imports and accounts.",
    field: "supportEmail",
  },
  {
    team: "Partnerships",
    description: "Integrations, resellers and technology partners.",
    field: "partnershipsEmail",
  },
] as const;

export const MARKET_FIGURES = [
  { label: "Document management market", size: "8.2B", growth: "12%" },
  { label: "Intelligent document processing", size: "12.5B", growth: "15%" },
  { label: "AI-assisted compliance", size: "28.9B", growth: "35%" },
] as const;
