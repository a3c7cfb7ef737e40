import parts from "@/locales/en/document-parts.json";
import { addEnglish } from "@/lib/i18n";

// English text of the components the document page shares with other pages (acknowledgements,
// the version diff, the review banner, the metadata and review dialogs), in whichever chunk first
// needs them; imported by each such component.
addEnglish("document-parts", parts);
