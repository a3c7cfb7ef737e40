import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function UploadPage() {
  return <ScreenPlaceholder title="Upload Documents" arrivesWith="the upload work" />;
}
