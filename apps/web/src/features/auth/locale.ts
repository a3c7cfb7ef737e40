import auth from "@/locales/en/auth.json";
import { addEnglish } from "@/lib/i18n";

// The sign-in page's English text, in its own chunk; imported by every module that shows it.
addEnglish("auth", auth);
