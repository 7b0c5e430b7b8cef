/**
 * Pages: the site's pages (its collections: the home page, the shop, pages, a gallery…) by title,
 * address, type and place in the navigations, each opened in its editor (PageEditor.tsx); **Add a
 * page** for those who may manage the store; and the order of the two navigations (NavigationOrder.tsx).
 */
import { useEffect, useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import type { Navigate } from '../AdminApp.tsx';
import { CardTableHead } from '../CardTableHead.tsx';
import { Notice } from '../Field.tsx';
import { useCarriedNotice } from '../screen-notice.ts';
import { TableRegion } from '../TableRegion.tsx';
import { useCall } from '../use-call.ts';
import { NavigationOrder } from './NavigationOrder.tsx';
import { typeNameText, type Navigations, type PagesAnswer } from './site-pages.ts';

export function PagesScreen({ navigate, canEdit }: { navigate: Navigate; canEdit: boolean }) {
  const { data, error } = useCall<PagesAnswer>('/api/admin/pages');
  const [notice] = useCarriedNotice();
  // the navigations as the last move left them (the list's own read until then)
  const [navigations, setNavigations] = useState<Navigations | null>(null);
  useEffect(() => {
    if (data) setNavigations(data.navigations);
  }, [data]);
  const go = (event: { preventDefault(): void }, path: string) => {
    event.preventDefault();
    navigate(path);
  };
  const columns = [ADMIN.sitePages.pageTitle, ADMIN.sitePages.address, ADMIN.sitePages.type, ADMIN.sitePages.inNavigation];
  return (
    <section aria-labelledby="pages-title">
      <div className="admin-toolbar">
        <h1 id="pages-title">{ADMIN.screens.pages}</h1>
        {canEdit ? (
          <span className="admin-actions">
            <button type="button" onClick={() => navigate(ADMIN_PATHS.newPage)}>{ADMIN.sitePages.addPage}</button>
          </span>
        ) : null}
      </div>
      <p>{ADMIN.sitePages.intro}</p>
      {canEdit ? null : <p className="admin-hint">{ADMIN.readOnlyRole}</p>}
      <Notice text={notice.text} kind={notice.kind} />
      <Notice text={error} kind="error" />
      {data === null ? (error ? null : <p>{ADMIN.loading}</p>) : data.pages.length === 0 ? <p>{ADMIN.sitePages.none}</p> : (
        <TableRegion label={ADMIN.sitePages.tableLabel}>
          <table role="table" className="admin-table admin-table--cards admin-page-list" aria-label={ADMIN.sitePages.tableLabel}>
            <CardTableHead columns={columns} />
            <tbody role="rowgroup">
              {data.pages.map((page) => (
                <tr role="row" key={page.id} data-page-id={page.id}>
                  <td role="cell" data-label={ADMIN.sitePages.pageTitle}>
                    <a href={ADMIN_PATHS.page(page.id)} onClick={(event) => go(event, ADMIN_PATHS.page(page.id))}>{page.title}</a>
                  </td>
                  <td role="cell" data-label={ADMIN.sitePages.address}><a href={page.address}>{page.address}</a></td>
                  <td role="cell" data-label={ADMIN.sitePages.type}>{typeNameText(page)}</td>
                  <td role="cell" data-label={ADMIN.sitePages.inNavigation}>{ADMIN.sitePages.placements[page.navigation]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {navigations !== null ? <NavigationOrder navigations={navigations} canEdit={canEdit} onChanged={setNavigations} /> : null}
    </section>
  );
}
