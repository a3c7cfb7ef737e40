import document from "@/locales/en/document.json";
import { addEnglish } from "@/lib/i18n";

// This screen family's English text, in its own chunk; imported by every module that shows it.
addEnglish("document", document);
