import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of SearchBar. */
export interface SearchBarProps {
  /** Placeholder and accessible name, e.g. 'search for users' (SPEC §2), translated by the caller. */
  placeholder: string;
  /** Called with the typed text when the 'search' button is pressed or Enter is hit. */
  onSearch: (text: string) => void;
  /** Filters shown beside the search (issue 14: status, type, premium); they apply at once. */
  children?: ReactNode;
  /** The text shown at first, e.g. the search kept in the URL (useUrlFilters). */
  defaultValue?: string;
}

/** The admin tables' search input with its 'search' button (SPEC §2 shared parts), and any filters beside it. */
export function SearchBar({ placeholder, onSearch, children, defaultValue = '' }: SearchBarProps) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(defaultValue);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  const form = (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, mb: children ? 0 : 2, maxWidth: 520, flex: '1 1 320px', alignItems: 'stretch' }}
    >
      <TextField
        size="small"
        fullWidth
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': placeholder },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" color="secondary" sx={{ flexShrink: 0 }}>
        {t('search')}
      </Button>
    </Box>
  );
  if (!children) return form;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
      {form}
      {children}
    </Box>
  );
}
