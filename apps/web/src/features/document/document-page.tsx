import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function DocumentPage() {
  return <ScreenPlaceholder title="Document" arrivesWith="the document detail work" />;
}
