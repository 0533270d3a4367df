import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { Box, Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { TAppPage } from '../app-pages';
import type { TMenu } from './menu';

// Every link and the System toggle sit in an <li>: a <ul> may only hold list items (axe "list").
function Entry({ page, mini, nested }: { page: TAppPage; mini: boolean; nested?: boolean }) {
  const button = (
    <ListItemButton component={NavLink} to={page.path} sx={{ pl: nested && !mini ? 4 : 2, '&.active': { bgcolor: 'action.selected', '& .MuiListItemIcon-root': { color: 'primary.main' } } }}>
      <ListItemIcon sx={{ minWidth: 40 }}>{page.icon}</ListItemIcon>
      {!mini && <ListItemText primary={page.label} />}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {mini ? (
        <Tooltip title={page.label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

/** The sidebar's entries; the System group folds open and starts open when it holds the current page. */
export function NavMenu({ menu, mini }: { menu: TMenu; mini: boolean }) {
  const location = useLocation();
  const [systemOpen, setSystemOpen] = useState(() => menu.system.some((p) => location.pathname.startsWith(p.path)));
  return (
    <Box component="nav" aria-label="Main menu">
      <List>
        {menu.main.map((page) => (
          <Entry key={page.path} page={page} mini={mini} />
        ))}
        {menu.system.length > 0 && (
          <ListItem disablePadding sx={{ display: 'block' }}>
            <Tooltip title={mini ? 'System' : ''} placement="right">
              <ListItemButton onClick={() => setSystemOpen((o) => !o)} aria-expanded={systemOpen}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <SettingsOutlinedIcon />
                </ListItemIcon>
                {!mini && <ListItemText primary="System" />}
                {!mini && (systemOpen ? <ExpandLess /> : <ExpandMore />)}
              </ListItemButton>
            </Tooltip>
            <Collapse in={systemOpen} timeout="auto" unmountOnExit>
              <List disablePadding>
                {menu.system.map((page) => (
                  <Entry key={page.path} page={page} mini={mini} nested />
                ))}
              </List>
            </Collapse>
          </ListItem>
        )}
      </List>
    </Box>
  );
}
