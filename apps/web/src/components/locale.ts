import shared from "@/locales/en/shared.json";
import { addEnglish } from "@/lib/i18n";

// English text of the components several pages share but the first load does not show (answers,
// confidence, acknowledgements), in whichever chunk first needs them; imported by each such component.
addEnglish("shared", shared);
