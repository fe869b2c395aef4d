import { LOCALES, type Locale } from '@cryptovest/common';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGE_NAMES } from './languageNames';

/** Props of LanguageMenu. */
export interface LanguageMenuProps {
  anchor: HTMLElement;
  current: Locale;
  onChoose: (locale: Locale) => void;
  onClose: () => void;
}

/**
 * The list of languages, each in its own name. Its own chunk, loaded on the switch's first use:
 * MUI's Menu (popover, modal, focus trap) would otherwise weigh on every public page's first load.
 */
export default function LanguageMenu({ anchor, current, onChoose, onClose }: LanguageMenuProps) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {LOCALES.map((code) => (
        <MenuItem key={code} lang={code} selected={code === current} onClick={() => onChoose(code)}>
          {LANGUAGE_NAMES[code]}
        </MenuItem>
      ))}
    </Menu>
  );
}
