import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function SettingsPage() {
  return <ScreenPlaceholder title="Settings" arrivesWith="the settings work" />;
}
