import palette from "@/locales/en/palette.json";
import { addEnglish } from "@/lib/i18n";

// This feature's English text, in whichever chunk first needs it; imported by every module that shows it.
addEnglish("palette", palette);
