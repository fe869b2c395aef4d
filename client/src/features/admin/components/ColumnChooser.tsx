import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChosenColumns } from './useChosenColumns';

/** Props of ColumnChooser. */
export interface ColumnChooserProps {
  /** Every column that can be chosen, in the table's order (the spec's columns; English keys, shown translated). */
  headers: string[];
  /** The table's chosen columns (useChosenColumns). */
  columns: Pick<ChosenColumns<unknown>, 'chosen' | 'toggle' | 'reset'>;
}

/**
 * The "Columns" button of a wide admin table (issue 38): a menu with one checkbox item per column,
 * so every column of the spec stays available while the table shows only what fits. Keyboard:
 * arrows move, Enter or Space toggles (the menu stays open), Escape closes. The items are
 * menuitemcheckbox with aria-checked (a drawn box, not a nested input, for axe nested-interactive).
 */
export function ColumnChooser({ headers, columns }: ColumnChooserProps) {
  const { t } = useTranslation('admin');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { chosen, toggle, reset } = columns;
  const last = chosen.length === 1;
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ flexShrink: 0 }}
      >
        {t('Columns')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('Columns shown'), dense: true } }}
      >
        {headers.map((header) => {
          const on = chosen.includes(header);
          return (
            <MenuItem
              key={header}
              role="menuitemcheckbox"
              aria-checked={on}
              aria-disabled={on && last ? true : undefined}
              onClick={() => toggle(header)}
            >
              <ListItemIcon>
                {on ? (
                  <CheckBoxIcon fontSize="small" color="secondary" />
                ) : (
                  <CheckBoxOutlineBlankIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText>{t(header)}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={reset}>
          <ListItemText inset>{t('Default columns')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
