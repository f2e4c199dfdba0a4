import { registerTranslations } from '../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** Names, descriptions and instructions of the camera pose guides (namespace "overlays"). */
registerTranslations('overlays', { en, de });
