"""The initial schema of a tournament document.

Migrations never import the application's schema module: a migration is a record of the
schema at one point in time, so its types are written out (UTC times are ISO text).

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('audit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('at', sa.String(length=32), nullable=False),
    sa.Column('actor', sa.String(length=100), nullable=False),
    sa.Column('action', sa.String(length=20), nullable=False),
    sa.Column('entity', sa.String(length=40), nullable=False),
    sa.Column('entity_id', sa.Integer(), nullable=False),
    sa.Column('before', sa.Text(), nullable=True),
    sa.Column('after', sa.Text(), nullable=True),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_audit'))
    )
    with op.batch_alter_table('audit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_audit_entity_id'), ['entity_id'], unique=False)

    op.create_table('player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('native_name', sa.String(length=200), nullable=False),
    sa.Column('registration_id', sa.String(length=50), nullable=False),
    sa.Column('country', sa.String(length=100), nullable=False),
    sa.Column('club', sa.String(length=200), nullable=False),
    sa.Column('team', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('tiebreak_draw', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_player'))
    )
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_registration_id'), ['registration_id'], unique=False)

    op.create_table('round',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('sessions', sa.Integer(), nullable=False),
    sa.Column('advance', sa.Integer(), nullable=True),
    sa.Column('carry', sa.Float(), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_round')),
    sa.UniqueConstraint('number', name=op.f('uq_round_number'))
    )
    op.create_table('tournament',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('venue', sa.String(length=200), nullable=False),
    sa.Column('created_at', sa.String(length=32), nullable=False),
    sa.Column('rule_set', sa.String(length=40), nullable=False),
    sa.Column('rule_options', sa.Text(), nullable=False),
    sa.Column('format_preset', sa.String(length=40), nullable=False),
    sa.Column('hands_per_session', sa.Integer(), nullable=False),
    sa.Column('seat_pick', sa.String(length=20), nullable=False),
    sa.Column('time_limit_minutes', sa.Integer(), nullable=False),
    sa.Column('on_time_out', sa.String(length=30), nullable=False),
    sa.Column('penalty_mode', sa.String(length=20), nullable=False),
    sa.Column('session_conversion', sa.String(length=20), nullable=False),
    sa.Column('record_style', sa.String(length=20), nullable=False),
    sa.Column('final_seating', sa.String(length=20), nullable=False),
    sa.Column('odd_field', sa.String(length=20), nullable=False),
    sa.Column('bye_score', sa.Integer(), nullable=False),
    sa.Column('keep_apart', sa.String(length=100), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament'))
    )
    op.create_table('round_entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('carried_score', sa.Float(), nullable=False),
    sa.Column('carried_raw', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_round_entry_player_id_player'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['round_id'], ['round.id'], name=op.f('fk_round_entry_round_id_round'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_round_entry')),
    sa.UniqueConstraint('round_id', 'player_id', name=op.f('uq_round_entry_round_id_player_id'))
    )
    with op.batch_alter_table('round_entry', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_round_entry_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_round_entry_round_id'), ['round_id'], unique=False)

    op.create_table('session',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('draw_seed', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.String(length=32), nullable=True),
    sa.Column('ended_at', sa.String(length=32), nullable=True),
    sa.ForeignKeyConstraint(['round_id'], ['round.id'], name=op.f('fk_session_round_id_round'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_session')),
    sa.UniqueConstraint('number', name=op.f('uq_session_number'))
    )
    with op.batch_alter_table('session', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_session_round_id'), ['round_id'], unique=False)

    op.create_table('session_table',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('session_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seat_pick_seed', sa.Integer(), nullable=False),
    sa.Column('sheet_state', sa.String(length=20), nullable=False),
    sa.Column('sheet_version', sa.Integer(), nullable=False),
    sa.Column('content_hash', sa.String(length=64), nullable=False),
    sa.Column('stopped_after_hand', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['session_id'], ['session.id'], name=op.f('fk_session_table_session_id_session'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_session_table')),
    sa.UniqueConstraint('session_id', 'number', name=op.f('uq_session_table_session_id_number'))
    )
    with op.batch_alter_table('session_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_session_table_session_id'), ['session_id'], unique=False)

    op.create_table('hand',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('dealer_id', sa.Integer(), nullable=False),
    sa.Column('result', sa.String(length=10), nullable=False),
    sa.Column('win_type', sa.String(length=20), nullable=True),
    sa.Column('discarder_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['dealer_id'], ['player.id'], name=op.f('fk_hand_dealer_id_player'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['discarder_id'], ['player.id'], name=op.f('fk_hand_discarder_id_player'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['table_id'], ['session_table.id'], name=op.f('fk_hand_table_id_session_table'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hand')),
    sa.UniqueConstraint('table_id', 'number', name=op.f('uq_hand_table_id_number'))
    )
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_dealer_id'), ['dealer_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_hand_discarder_id'), ['discarder_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_hand_table_id'), ['table_id'], unique=False)

    op.create_table('penalty',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('reason', sa.String(length=20), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('mode', sa.String(length=20), nullable=False),
    sa.Column('hand_number', sa.Integer(), nullable=True),
    sa.Column('note', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_penalty_player_id_player'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['table_id'], ['session_table.id'], name=op.f('fk_penalty_table_id_session_table'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_penalty'))
    )
    with op.batch_alter_table('penalty', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_penalty_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_penalty_table_id'), ['table_id'], unique=False)

    op.create_table('seat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('wind', sa.String(length=1), nullable=False),
    sa.Column('arrival', sa.Integer(), nullable=False),
    sa.Column('cycle', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_seat_player_id_player'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['table_id'], ['session_table.id'], name=op.f('fk_seat_table_id_session_table'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seat')),
    sa.UniqueConstraint('table_id', 'cycle', 'player_id', name=op.f('uq_seat_table_id_cycle_player_id')),
    sa.UniqueConstraint('table_id', 'cycle', 'wind', name=op.f('uq_seat_table_id_cycle_wind'))
    )
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_seat_table_id'), ['table_id'], unique=False)

    op.create_table('sheet_snapshot',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('content_json', sa.Text(), nullable=False),
    sa.Column('content_hash', sa.String(length=64), nullable=False),
    sa.Column('locked_at', sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['session_table.id'], name=op.f('fk_sheet_snapshot_table_id_session_table'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sheet_snapshot')),
    sa.UniqueConstraint('table_id', 'version', name=op.f('uq_sheet_snapshot_table_id_version'))
    )
    with op.batch_alter_table('sheet_snapshot', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sheet_snapshot_table_id'), ['table_id'], unique=False)

    op.create_table('signature',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('signed_at', sa.String(length=32), nullable=False),
    sa.Column('image_png', sa.LargeBinary(), nullable=False),
    sa.Column('content_hash', sa.String(length=64), nullable=False),
    sa.Column('sheet_version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_signature_player_id_player'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['table_id'], ['session_table.id'], name=op.f('fk_signature_table_id_session_table'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_signature'))
    )
    with op.batch_alter_table('signature', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_signature_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_signature_table_id'), ['table_id'], unique=False)

    op.create_table('hand_delta',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('hand_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('delta', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['hand_id'], ['hand.id'], name=op.f('fk_hand_delta_hand_id_hand'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_hand_delta_player_id_player'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hand_delta')),
    sa.UniqueConstraint('hand_id', 'player_id', name=op.f('uq_hand_delta_hand_id_player_id'))
    )
    with op.batch_alter_table('hand_delta', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_delta_hand_id'), ['hand_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_hand_delta_player_id'), ['player_id'], unique=False)

    op.create_table('hand_win',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('hand_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('winner_id', sa.Integer(), nullable=False),
    sa.Column('value', sa.Integer(), nullable=False),
    sa.Column('responsible_id', sa.Integer(), nullable=True),
    sa.Column('pattern_ids', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['hand_id'], ['hand.id'], name=op.f('fk_hand_win_hand_id_hand'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['responsible_id'], ['player.id'], name=op.f('fk_hand_win_responsible_id_player'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['winner_id'], ['player.id'], name=op.f('fk_hand_win_winner_id_player'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hand_win')),
    sa.UniqueConstraint('hand_id', 'position', name=op.f('uq_hand_win_hand_id_position'))
    )
    with op.batch_alter_table('hand_win', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_win_hand_id'), ['hand_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_hand_win_responsible_id'), ['responsible_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_hand_win_winner_id'), ['winner_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('hand_win', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_win_winner_id'))
        batch_op.drop_index(batch_op.f('ix_hand_win_responsible_id'))
        batch_op.drop_index(batch_op.f('ix_hand_win_hand_id'))

    op.drop_table('hand_win')
    with op.batch_alter_table('hand_delta', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_delta_player_id'))
        batch_op.drop_index(batch_op.f('ix_hand_delta_hand_id'))

    op.drop_table('hand_delta')
    with op.batch_alter_table('signature', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_signature_table_id'))
        batch_op.drop_index(batch_op.f('ix_signature_player_id'))

    op.drop_table('signature')
    with op.batch_alter_table('sheet_snapshot', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sheet_snapshot_table_id'))

    op.drop_table('sheet_snapshot')
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_table_id'))
        batch_op.drop_index(batch_op.f('ix_seat_player_id'))

    op.drop_table('seat')
    with op.batch_alter_table('penalty', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_penalty_table_id'))
        batch_op.drop_index(batch_op.f('ix_penalty_player_id'))

    op.drop_table('penalty')
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_table_id'))
        batch_op.drop_index(batch_op.f('ix_hand_discarder_id'))
        batch_op.drop_index(batch_op.f('ix_hand_dealer_id'))

    op.drop_table('hand')
    with op.batch_alter_table('session_table', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_session_table_session_id'))

    op.drop_table('session_table')
    with op.batch_alter_table('session', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_session_round_id'))

    op.drop_table('session')
    with op.batch_alter_table('round_entry', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_round_entry_round_id'))
        batch_op.drop_index(batch_op.f('ix_round_entry_player_id'))

    op.drop_table('round_entry')
    op.drop_table('tournament')
    op.drop_table('round')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_player_registration_id'))

    op.drop_table('player')
    with op.batch_alter_table('audit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_audit_entity_id'))

    op.drop_table('audit')
