import approvals from "@/locales/en/approvals.json";
import { addEnglish } from "@/lib/i18n";

// This screen family's English text, in its own chunk; imported by every module that shows it.
addEnglish("approvals", approvals);
