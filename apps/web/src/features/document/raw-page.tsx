import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function RawPage() {
  return <ScreenPlaceholder title="Document (Original Format)" arrivesWith="the document detail work" />;
}
