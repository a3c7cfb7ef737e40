/**
 * Landing page copy and figures in one place. Figures are the seed's (§9); the contact
 * addresses and the demo-video address are the company's public ones, set here.
 */
export const DEMO_VIDEO_URL = "https://www.youtube.com/results?search_query=Quire+AI+document+archive+demo";

export const CONTACTS = [
  {
    team: "Sales",
    description: "Pricing, pilots and plans for your organisation.",
    email: "sales@quire.app",
  },
  {
    team: "Support",
    description: "Help with your archive, imports and accounts.",
    email: "support@quire.app",
  },
  {
    team: "Partnerships",
    description: "Integrations, resellers and technology partners.",
    email: "partners@quire.app",
  },
] as const;

export const MARKET_FIGURES = [
  { label: "Document management market", size: "8.2B", growth: "12%" },
  { label: "Intelligent document processing", size: "12.5B", growth: "15%" },
  { label: "AI-assisted compliance", size: "28.9B", growth: "35%" },
] as const;
